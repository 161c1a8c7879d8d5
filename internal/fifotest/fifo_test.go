//go:build unix

// Make makes a FIFO.

package fifotest

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMakeMakesAFIFO(t *testing.T) {
	path := Make(t, filepath.Join(t.TempDir(), "fifo"))
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("%s: %v, mode %v; want a FIFO", path, err, info.Mode())
	}
}
