package search

import (
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

// TestThreatExtension: a quiet position at depth 0 is evaluated at once,
// unless the opponent could take one of its pieces: then its moves are
// searched one ply more.
func TestThreatExtension(t *testing.T) {
	for _, c := range []struct {
		text     string
		extended bool
	}{
		{"3b4/8/8/8/8/3w4/8/8 w", false},
		// d4 could take d3 (landing on d2); d3 cannot take d4, d5 is held.
		{"8/8/8/3b4/3b4/3w4/8/8 w", true},
	} {
		p, err := engine.ParsePosition(c.text)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{Threads: 1, HashMiB: 1})
		w := s.workers[0]
		var l engine.MoveList
		p.GenerateMoves(&l)
		w.prepare(s, &searchState{start: time.Now(), ponderHit: make(chan struct{})}, p, []uint64{p.Key()}, 0, &l, Limits{Depth: 1}, false, nil)
		w.search(-infinity, infinity, 0, 0, false)
		if got := w.nodes > 1; got != c.extended {
			t.Errorf("%s: %d nodes at depth 0, extended %v, want %v", c.text, w.nodes, got, c.extended)
		}
	}
}
