//go:build !unix

// Systems without FIFOs: a test that needs one is skipped there.

package fifotest

import "testing"

// Make skips the test: this system has no FIFOs (named pipes of the
// file system).
func Make(tb testing.TB, path string) string {
	tb.Helper()
	tb.Skip("this system has no FIFOs")
	return path
}
