// Options.FullWidth: the search without its pruning and reductions.

package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/racetest"
)

// TestFullWidthFindsEveryShortWin: searched to exactly the length of the
// shortest forced win, a full-width search finds it in every position,
// where the selective search, which prunes and reduces late quiet moves
// near the horizon, may not.
func TestFullWidthFindsEveryShortWin(t *testing.T) {
	racetest.Skip(t, "one search thread, as the quicker searches of this package")
	r := rand.New(rand.NewPCG(5, 6))
	full := New(Options{Threads: 1, HashMiB: 4, FullWidth: true})
	sel := New(Options{Threads: 1, HashMiB: 4})
	found, selMissed := 0, 0
	for tries := 0; tries < 20000 && found < 60; tries++ {
		p := randomPosition(r, 2+r.IntN(3), 2+r.IntN(3))
		shortest := 0
		for _, d := range []int{3, 5} {
			if wins(p, d) {
				shortest = d
				break
			}
		}
		if shortest == 0 || wins(p, 1) {
			continue
		}
		found++
		g := engine.NewGame(p)
		full.NewGame()
		if res := full.Search(context.Background(), g, Limits{Depth: shortest}, nil); res.Score < Win-Score(shortest) {
			t.Errorf("%v: full width at depth %d scored %d, want a win in %d plies (%d)", p.String(), shortest, res.Score, shortest, Win-Score(shortest))
		}
		sel.NewGame()
		if res := sel.Search(context.Background(), g, Limits{Depth: shortest}, nil); res.Score < Win-Score(shortest) {
			selMissed++
		}
	}
	t.Logf("%d positions, the selective search missed %d", found, selMissed)
}
