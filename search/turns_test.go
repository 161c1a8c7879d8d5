// The helpers' turns: with far more threads than processors, few search
// goroutines are ready to run at once, and a stop is answered.

package search

import (
	"context"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

// runningWorkers counts the goroutines running a worker's search that are
// running or ready to run (not parked), from a dump of every goroutine.
func runningWorkers() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	header := regexp.MustCompile(`^goroutine \d+ \[([^\],]*)`)
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		m := header.FindStringSubmatch(g)
		if m != nil && (m[1] == "running" || m[1] == "runnable") && strings.Contains(g, "search.(*worker).run(") {
			n++
		}
	}
	return n
}

// TestManyThreadsTakeTurns: with far more threads than processors, no
// more search goroutines than processors are ready to run at once (the
// others wait for their turn, parked), so that the goroutine that reads a
// stop and the main thread that acts on it get a processor at once; and
// the stop is answered. Before the turns, all 64 were ready to run.
func TestManyThreadsTakeTurns(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	s := New(Options{Threads: 64, HashMiB: 4})
	g := engine.NewGame(engine.StartPosition())
	ctx, cancel := context.WithCancel(context.Background())
	reported := make(chan struct{}, 1)
	done := s.Start(ctx, g, Limits{Infinite: true}, func(Info) {
		select {
		case reported <- struct{}{}:
		default:
		}
	})
	<-reported // the main thread searches: the helpers have started
	most := 0
	for range 10 {
		most = max(most, runningWorkers())
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	select {
	case res := <-done:
		if !res.HasMove {
			t.Error("no move after stop")
		}
	case <-time.After(stopBound):
		t.Fatalf("stop not answered within %v", stopBound)
	}
	if most > 2 {
		t.Fatalf("%d search goroutines ready to run at once on 2 processors, want at most 2", most)
	}
	s.WaitIdle()
}
