package search

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

// TestExcludedMoveSearch: the singular test's search of a position without
// one move never plays that move and leaves the table as it was; the same
// search without exclusion stores the position.
func TestExcludedMoveSearch(t *testing.T) {
	p := engine.StartPosition()
	w := preparedWorker(p)
	for _, left := range p.LegalMoves() {
		w.excluded[0] = left
		w.search(-infinity, infinity, 3, 0, true)
		w.excluded[0] = engine.NoMove
		if w.pvLen[0] < 1 || w.pv[0][0] == left {
			t.Fatalf("leaving out %v: best line %v", p.FormatMove(left), w.pv[0][:w.pvLen[0]])
		}
		if _, hit := w.tt.probe(p.Key()); hit {
			t.Fatalf("leaving out %v: the position was stored", p.FormatMove(left))
		}
	}
	w.search(-infinity, infinity, 3, 0, true)
	if _, hit := w.tt.probe(p.Key()); !hit {
		t.Fatal("the search without exclusion did not store the position")
	}
}
