//go:build unix

// A FIFO named as the game file is refused before it is opened, which
// would block.

package gui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestReadGameFileRefusesAFIFO(t *testing.T) {
	fifo := fifotest.Make(t, filepath.Join(t.TempDir(), "fifo"))
	if _, err := ReadGameFile(fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO: %v", err)
	}
}
