// Within returns a step's result and fails a test whose step outlasts the
// limit.

package fifotest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestWithinReturnsTheResult(t *testing.T) {
	if got := Within(t, time.Minute, "adding", func() int { return 2 + 3 }); got != 5 {
		t.Errorf("Within returned %d, want 5", got)
	}
}

// fatalRecorder is a test whose Fatalf is recorded, and ends the
// goroutine as testing's does.
type fatalRecorder struct {
	testing.TB
	fatal string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestWithinFailsAStepThatBlocks(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	r := &fatalRecorder{TB: t}
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		Within(r, 10*time.Millisecond, "waiting", func() bool { <-release; return true })
		t.Error("Within returned from a step that never returns")
	}()
	<-finished
	if !strings.Contains(r.fatal, "waiting: still running after 10ms") {
		t.Errorf("failure %q, want it to name the step and the limit", r.fatal)
	}
}
