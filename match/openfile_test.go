package match

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpeningsFileMustBeRegular: a FIFO given as --openings blocked the
// open for good; it is refused like a directory or a device.
func TestOpeningsFileMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "openings.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for _, path := range []string{fifo, dir, "/dev/null"} {
		done := make(chan error, 1)
		go func() {
			_, err := LoadOpenings(path)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: %v, want it refused as not a regular file", path, err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s: still opening after a minute", path)
		}
	}
}
