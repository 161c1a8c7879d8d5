//go:build unix

// A FIFO for the loader's tests, on Unix.

package eval

import (
	"path/filepath"
	"syscall"
	"testing"
)

// fifoCase is a FIFO in dir, which Load must refuse without waiting for a
// writer.
func fifoCase(t *testing.T, dir string) []struct{ path, want string } {
	path := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return []struct{ path, want string }{{path, "not a regular file (a FIFO)"}}
}
