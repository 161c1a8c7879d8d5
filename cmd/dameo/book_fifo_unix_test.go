//go:build unix

// The book commands that read outside files refuse a FIFO at once instead
// of blocking on it until a writer comes.

package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
	"github.com/dameo/dameo/internal/testbin"
)

func TestBookInputsRefuseAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "games.pdn"))
	// The program is built before the clock starts: under load its build
	// (shared with parallel tests) alone can take longer than the limit.
	testbin.Build(t, "cmd/dameo", false)
	for _, args := range [][]string{
		{"book", "import", fifo, "-o", filepath.Join(dir, "a.bin")},
		{"book", "build", "--from-pdn", fifo, "-o", filepath.Join(dir, "b.bin")},
	} {
		type result struct {
			errOut string
			code   int
		}
		r := fifotest.Within(t, 30*time.Second, fmt.Sprint(args), func() result {
			_, errOut, code := run(t, args...)
			return result{errOut, code}
		})
		if r.code != 2 || !strings.Contains(r.errOut, "not a regular file (a FIFO)") {
			t.Errorf("%v: status %d, %q; want 2 and not a regular file (a FIFO)", args, r.code, r.errOut)
		}
	}
}
