// The built dameo program for the end-to-end tests, which run it as a
// separate process.

package main

import (
	"testing"

	"github.com/dameo/dameo/internal/racetest"
	"github.com/dameo/dameo/internal/testbin"
)

// dameoBinary returns the path of dameo built without the race detector.
// Under `go test -race` the test skips: the program it would run is the
// same non-race build that `go test` (the first half of the README's test
// command) has already checked, so a second run would check nothing new
// and cost the most CPU of the package. The race detector still covers
// this package's in-process tests, and the program itself under -race in
// protocol's end-to-end tests.
func dameoBinary(tb testing.TB) string {
	tb.Helper()
	if racetest.Enabled {
		tb.Skip("runs the non-race dameo binary, already checked by go test without -race")
	}
	return testbin.Build(tb, "cmd/dameo", false)
}
