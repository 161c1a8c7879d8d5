//go:build unix

// A FIFO named as the game file is refused before it is opened, which
// would block.

package gui

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadGameFileRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGameFile(fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO: %v", err)
	}
}
