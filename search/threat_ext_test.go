package search

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

// nodesAtDepthZero is the number of nodes a search of the position text
// to depth 0 visits.
func nodesAtDepthZero(t *testing.T, text string) int64 {
	t.Helper()
	p, err := engine.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	w := preparedWorker(p)
	w.search(-infinity, infinity, 0, 0, false)
	return w.nodes
}

// TestThreatExtension: a quiet position at depth 0 is evaluated at once,
// unless the opponent could take one of its pieces: then its moves are
// searched one ply more.
func TestThreatExtension(t *testing.T) {
	if n := nodesAtDepthZero(t, "3b4/8/8/8/8/3w4/8/8 w"); n != 1 {
		t.Errorf("no threat: %d nodes at depth 0, want 1", n)
	}
	// d4 could take d3 (landing on d2); d3 cannot take d4, d5 is held.
	if n := nodesAtDepthZero(t, "8/8/8/3b4/3b4/3w4/8/8 w"); n <= 1 {
		t.Errorf("a threat: %d nodes at depth 0, want the moves searched", n)
	}
}
