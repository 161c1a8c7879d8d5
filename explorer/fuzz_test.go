// Fuzz target of the index's input: any text is read without a panic, a
// game is indexed or skipped whole, and the counts add up.

package explorer

import (
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

func FuzzIndex(f *testing.F) {
	f.Add(threeGames)
	for _, bad := range badGames {
		f.Add(bad.text + "[Event \"next\"]\n1. d3-d4 *\n")
	}
	f.Fuzz(func(t *testing.T, text string) {
		x, err := New(Filter{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := x.Read(strings.NewReader(text))
		if err != nil {
			t.Fatalf("reading from memory failed: %v", err)
		}
		if st.Skipped > 0 && st.Reason == "" {
			t.Errorf("%d games skipped without a reason", st.Skipped)
		}
		if games, err := pdn.Parse(text); err == nil && st.Games+st.Skipped != len(games) {
			t.Errorf("%d games indexed and %d skipped of %d read", st.Games, st.Skipped, len(games))
		}
		start := engine.StartPosition()
		e := x.Lookup(&start)
		sum := e.Ended.Games
		for _, m := range e.Moves {
			sum += m.Games
			if !start.IsLegal(m.Move) || m.Games == 0 {
				t.Errorf("move %s (%d games) in the start position", m.Text, m.Games)
			}
		}
		if e.Games != sum || e.Games > st.Games || e.WhiteWins+e.Draws+e.BlackWins > e.Games {
			t.Errorf("start position: %+v of %d games indexed", e, st.Games)
		}
	})
}
