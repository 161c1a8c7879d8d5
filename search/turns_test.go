// The helpers' turns: with far more threads than processors, few search
// goroutines are ready to run at once, and a stop is answered.

package search

import (
	"context"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

// workerStates counts the goroutines running a worker's search (those that
// have entered it) and, among them, those running or ready to run (not
// parked), from a dump of every goroutine.
func workerStates() (entered, ready int) {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	header := regexp.MustCompile(`^goroutine \d+ \[([^\],]*)`)
	for _, g := range strings.Split(string(buf), "\n\n") {
		m := header.FindStringSubmatch(g)
		if m == nil || !strings.Contains(g, "search.(*worker).run(") {
			continue
		}
		entered++
		if m[1] == "running" || m[1] == "runnable" {
			ready++
		}
	}
	return entered, ready
}

// TestManyThreadsTakeTurns: with far more threads than processors, no
// more search goroutines than processors are ready to run at once (the
// others wait for their turn, parked), so that the goroutine that reads a
// stop and the main thread that acts on it get a processor at once; and
// the stop is answered. Before the turns, all 64 were ready to run.
//
// Passing a turn readies the next helper an instant before the one that
// passes it parks: a dump taken in that instant sees one more (on a loaded
// machine the instant is longer, as the thread may be descheduled in it,
// and 3 were seen). So every dump may show one more than the processors,
// and most must show no more. The test waits for all the helpers to have
// entered their search first: one started but not yet parked is ready to
// run too.
func TestManyThreadsTakeTurns(t *testing.T) {
	const threads, procs, dumps = 64, 2, 20
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	s := New(Options{Threads: threads, HashMiB: 4})
	g := engine.NewGame(engine.StartPosition())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := s.Start(ctx, g, Limits{Infinite: true}, nil)
	for deadline := time.Now().Add(stopBound); ; time.Sleep(time.Millisecond) {
		if entered, _ := workerStates(); entered == threads {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the %d search goroutines have not all started within %v", threads, stopBound)
		}
	}
	var seen []int
	crowded := 0
	for range dumps {
		_, ready := workerStates()
		seen = append(seen, ready)
		if ready > procs {
			crowded++
		}
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
	if slices.Max(seen) > procs+1 || crowded > dumps/2 {
		t.Fatalf("search goroutines ready to run at once on %d processors, in %d dumps: %v; want at most %d in each and at most %d in most",
			procs, dumps, seen, procs+1, procs)
	}
	s.WaitIdle()
}
