// Running a test's step with a time limit, for a step that would block on
// a FIFO or read an endless device if it did not refuse them.

package fifotest

import (
	"testing"
	"time"
)

// Within returns what f returns, and fails the test at once when f has not
// returned within limit; what names the step in that failure.
func Within[T any](tb testing.TB, limit time.Duration, what string, f func() T) T {
	tb.Helper()
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v
	case <-time.After(limit):
		tb.Fatalf("%s: still running after %v (blocked?)", what, limit)
	}
	var zero T
	return zero
}
