// The multi-PV result: the move a search answers is the first move of the
// top line it reported last, wherever in an iteration the search stops.

package search

import (
	"context"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/racetest"
)

// TestMultiPVAnswersTheLastTopLine stops multi-PV searches at many node
// limits, so in every part of an iteration (one thread: the stops are
// deterministic), and checks the answer against the last line reported as
// multipv=1.
func TestMultiPVAnswersTheLastTopLine(t *testing.T) {
	racetest.Skip(t, "one search thread; TestMultiPV runs the same goroutines")
	games := append([]*engine.Game{engine.NewGame(engine.StartPosition())}, testPositions(1)...)
	s := New(Options{Threads: 1, HashMiB: 4})
	checked := 0
	for gi, g := range games {
		for _, multiPV := range []int{2, 3} {
			for nodes := int64(1000); nodes <= 30_000; nodes += 2000 {
				s.NewGame()
				var top []engine.Move
				res := s.Search(context.Background(), g, Limits{Nodes: nodes, MultiPV: multiPV, Analysis: true}, func(i Info) {
					if i.MultiPV == 1 {
						top = i.PV
					}
				})
				if len(top) == 0 || !res.HasMove {
					continue // stopped before the first report
				}
				checked++
				if res.Move != top[0] {
					p := g.Position()
					t.Fatalf("game %d, multipv %d, %d nodes: answered %s, but the last top line reported was %s",
						gi, multiPV, nodes, p.FormatMove(res.Move), p.FormatLine(top))
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no search reported a line")
	}
}
