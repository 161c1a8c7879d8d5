// What a Searcher makes before its first search: nothing that can be made
// earlier is left to the first search's clock.

package search

import (
	"testing"
)

// TestNewBuildsTheEvaluation: the default evaluation is in the options
// from New on, not built by the first search.
func TestNewBuildsTheEvaluation(t *testing.T) {
	s := New(Options{Threads: 2, HashMiB: 1})
	if s.opts.Eval == nil {
		t.Fatal("New left the evaluation to the first search")
	}
	if len(s.workers) != 2 {
		t.Fatalf("%d workers, want 2", len(s.workers))
	}
}
