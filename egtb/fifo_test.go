//go:build unix

// A FIFO named like a table is refused at once, not opened (which would
// block until a writer comes).

package egtb

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestLoadRefusesFIFOWithoutBlocking(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "1010.egtb")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan [2]error, 1)
	go func() {
		_, errFile := LoadFile(path)
		_, errDir := Open(dir)
		done <- [2]error{errFile, errDir}
	}()
	select {
	case errs := <-done:
		for i, err := range errs {
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("load %d of a FIFO: %v, want not a regular file", i, err)
			}
		}
	case <-time.After(2 * time.Minute):
		// Unblock the reader before failing, so that the test ends.
		if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
		t.Fatal("loading a FIFO named like a table blocks")
	}
}
