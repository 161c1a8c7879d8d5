package levels

import (
	"testing"
)

// The ladder is usable: Elo rises with the level, every weaker level has a
// machine-independent bound and candidates to choose among, and
// each level searches more or chooses more narrowly than the one below
// (how much stronger that makes it is the calibration's to say).
func TestLadderShape(t *testing.T) {
	if Ladder[0].Elo != 0 {
		t.Errorf("level 0 has Elo %d, want the anchor 0", Ladder[0].Elo)
	}
	for n := 1; n <= Full; n++ {
		lv, prev := Ladder[n], Ladder[n-1]
		if lv.Elo <= prev.Elo {
			t.Errorf("level %d: Elo %d not above level %d's %d", n, lv.Elo, n-1, prev.Elo)
		}
		if lv.Description == "" {
			t.Errorf("level %d has no description", n)
		}
		if n == Full {
			continue
		}
		if lv.Depth <= 0 && lv.Nodes <= 0 {
			t.Errorf("level %d has neither a depth nor a node bound", n)
		}
		if lv.MultiPV < 2 || lv.Temperature <= 0 || lv.MaxLoss <= 0 {
			t.Errorf("level %d: multipv %d, temperature %v, max loss %d: want at least 2 candidates and a positive spread", n, lv.MultiPV, lv.Temperature, lv.MaxLoss)
		}
		if n > 1 {
			larger := lv.Nodes > prev.Nodes && prev.Nodes != 0 || lv.Depth > prev.Depth && prev.Depth != 0 || lv.Nodes != 0 && prev.Depth != 0
			narrower := lv.Temperature < prev.Temperature || lv.MaxLoss < prev.MaxLoss || lv.MultiPV < prev.MultiPV
			if !larger && !narrower {
				t.Errorf("level %d neither searches more nor chooses more narrowly than level %d", n, n-1)
			}
		}
	}
	if full := Ladder[Full]; full.Depth != 0 || full.Nodes != 0 || full.MultiPV != 0 {
		t.Errorf("level Full has bounds %+v; it is the full engine", full)
	}
}
