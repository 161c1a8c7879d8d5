package match

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

// TestOpeningsFileMustBeRegular: a FIFO given as --openings blocked the
// open for good; it is refused like a directory or a device.
func TestOpeningsFileMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "openings.txt"))
	for _, path := range []string{fifo, dir, "/dev/null"} {
		err := fifotest.Within(t, time.Minute, "opening "+path, func() error {
			_, err := LoadOpenings(path)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: %v, want it refused as not a regular file", path, err)
		}
	}
}
