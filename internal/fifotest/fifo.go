//go:build unix

// Making a FIFO for a test.

package fifotest

import (
	"syscall"
	"testing"
)

// Make makes a FIFO at path (in a folder of the test's, such as
// t.TempDir()) and returns path; a FIFO that cannot be made fails the test.
func Make(tb testing.TB, path string) string {
	tb.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		tb.Fatalf("making a FIFO: %v", err)
	}
	return path
}
