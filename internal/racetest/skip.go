// Skipping, under the race detector, the tests that would find no race.

package racetest

import "testing"

// Skip skips t under the race detector, for the reason why: t checks a
// computation whose goroutines (one, or the same as a cheaper test's that
// does run under the race detector) leave it no data race of its own to
// find, and the plain run of the same test checks its result.
func Skip(t testing.TB, why string) {
	t.Helper()
	if Enabled {
		t.Skip("no race of its own to find under -race (" + why + "); the run without -race checks it")
	}
}
