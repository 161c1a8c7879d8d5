//go:build unix

// A FIFO as a book file is refused at once, whether or not anything ever
// writes to it.

package book

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestLoadRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "book.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("cannot make a FIFO:", err)
	}
	if err := loadWithin(t, fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("error %v", err)
	}
}
