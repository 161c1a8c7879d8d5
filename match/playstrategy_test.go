package match

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

// TestPlayStrategyPDN reads games in the form PlayStrategy exports them:
// its tags, short capture forms and a FEN tag in its draughts form.
func TestPlayStrategyPDN(t *testing.T) {
	ops, err := LoadOpenings("testdata/playstrategy.pdn")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 {
		t.Fatalf("%d games, want 2", len(ops))
	}
	if ops[0].Start != engine.StartPosition() || len(ops[0].Moves) != 6 {
		t.Errorf("game 1: start %v, %d moves; want the start position and 6", ops[0].Start, len(ops[0].Moves))
	}
	want, err := engine.ParsePosition("7B/8/3bb3/8/8/2w1w3/8/3W4 b")
	if err != nil {
		t.Fatal(err)
	}
	if ops[1].Start != want || len(ops[1].Moves) != 2 {
		t.Errorf("game 2: start %v, %d moves; want %v and 2", ops[1].Start, len(ops[1].Moves), want)
	}
	if got := ops[1].Start.FEN(); got != "B:WKd1,c3,e3:BKh8,d6,e6:H0:F1" {
		t.Errorf("game 2's start written back: %s", got)
	}
}
