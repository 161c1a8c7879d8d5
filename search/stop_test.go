// Stopping a search whose depth 1 does not end: a dense position of kings,
// where the compulsory captures at the horizon make depth 1 alone take
// millions of nodes.

package search

import (
	"context"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

// denseKings is a legal position (18 pieces a side, nearly all kings)
// found by a random search for the largest depth-1 trees: its depth 1 takes
// more than 3,000,000 nodes.
const denseKings = "B1WBBB1W/1W1BBWBB/WW1WWWW1/1BBBW1BW/1B2BW1W/4W1BW/7B/B1B1WW2 w"

// stopBound is how long a stopped search may take to return here: a hang
// detector, far above the few milliseconds it needs and above what a loaded
// machine takes (5 s were exceeded with three busy processes beside the
// test). Whether a search stopped before its depth 1 completed is told by
// its depth and nodes, not by its time.
const stopBound = time.Minute

// TestStopBeforeDepthOneCompletes: a time limit, a node limit and a
// cancelled context all stop the search of denseKings before its depth 1
// is complete, with a legal move.
func TestStopBeforeDepthOneCompletes(t *testing.T) {
	p, err := engine.ParsePosition(denseKings)
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(p)
	var legal engine.MoveList
	p.GenerateMoves(&legal)
	for _, c := range []struct {
		name   string
		limits Limits
		cancel time.Duration // cancel the context after this long; < 0 never
	}{
		{"movetime", Limits{MoveTime: 100 * time.Millisecond}, -1},
		{"clock", Limits{Time: 2 * time.Second}, -1},
		{"nodes", Limits{Nodes: 1000}, -1},
		{"analysis nodes", Limits{Nodes: 1000, Analysis: true}, -1},
		{"cancelled at once", Limits{Infinite: true}, 0},
		{"cancelled later", Limits{Infinite: true}, 50 * time.Millisecond},
		{"ponder cancelled", Limits{Ponder: true, Time: time.Hour}, 50 * time.Millisecond},
	} {
		for _, threads := range []int{1, 2} {
			s := New(Options{Threads: threads, HashMiB: 4})
			ctx, cancel := context.WithCancel(context.Background())
			done := s.Start(ctx, g, c.limits, nil)
			if c.cancel >= 0 {
				time.AfterFunc(c.cancel, cancel)
			}
			select {
			case res := <-done:
				if !res.HasMove || !legal.Contains(res.Move) {
					t.Errorf("%s, %d threads: result %+v is not a legal move", c.name, threads, res)
				}
				if res.Depth != 0 {
					t.Errorf("%s, %d threads: depth %d completed, want the search stopped within depth 1", c.name, threads, res.Depth)
				}
				if c.limits.Nodes > 0 && threads == 1 && res.Nodes > c.limits.Nodes+depthOneNodes+1 {
					t.Errorf("%s, %d threads: %d nodes, want at most %d", c.name, threads, res.Nodes, c.limits.Nodes+depthOneNodes)
				}
			case <-time.After(stopBound):
				t.Fatalf("%s, %d threads: the search did not return within %v", c.name, threads, stopBound)
			}
			cancel()
		}
	}
}
