//go:build unix

// Running the program with a time limit: the tests of the files a command
// refuses (a FIFO, a device), whose open would otherwise wait for good.

package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
	"github.com/dameo/dameo/internal/testbin"
)

// runWithin runs the program with args, as run does, and fails the test at
// once when it has not exited within 30 seconds. The program is built
// before the clock starts: under load its build (shared with parallel
// tests) alone can take longer than the limit.
func runWithin(t *testing.T, args ...string) (errOut string, code int) {
	t.Helper()
	testbin.Build(t, "cmd/dameo", false)
	type result struct {
		errOut string
		code   int
	}
	r := fifotest.Within(t, 30*time.Second, fmt.Sprint(args), func() result {
		_, errOut, code := run(t, args...)
		return result{errOut, code}
	})
	return r.errOut, r.code
}
