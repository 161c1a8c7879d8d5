//go:build unix

// The book commands that read outside files refuse a FIFO at once instead
// of blocking on it until a writer comes.

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestBookInputsRefuseAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.pdn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"book", "import", fifo, "-o", filepath.Join(dir, "a.bin")},
		{"book", "build", "--from-pdn", fifo, "-o", filepath.Join(dir, "b.bin")},
	} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, errOut, code := run(t, args...)
			if code != 2 || !strings.Contains(errOut, "not a regular file (a FIFO)") {
				t.Errorf("%v: status %d, %q; want 2 and not a regular file (a FIFO)", args, code, errOut)
			}
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("%v: still running after 30 s (blocked on the FIFO)", args)
		}
	}
}
