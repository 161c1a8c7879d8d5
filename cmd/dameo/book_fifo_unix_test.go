//go:build unix

// The book commands that read outside files refuse a FIFO at once instead
// of blocking on it until a writer comes.

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestBookInputsRefuseAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "games.pdn"))
	for _, args := range [][]string{
		{"book", "import", fifo, "-o", filepath.Join(dir, "a.bin")},
		{"book", "build", "--from-pdn", fifo, "-o", filepath.Join(dir, "b.bin")},
	} {
		errOut, code := runWithin(t, args...)
		if code != 2 || !strings.Contains(errOut, "not a regular file (a FIFO)") {
			t.Errorf("%v: status %d, %q; want 2 and not a regular file (a FIFO)", args, code, errOut)
		}
	}
}
