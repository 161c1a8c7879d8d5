//go:build unix

// A FIFO as a book file is refused at once, whether or not anything ever
// writes to it.

package book

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestLoadRefusesFIFO(t *testing.T) {
	fifo := fifotest.Make(t, filepath.Join(t.TempDir(), "book.fifo"))
	if err := loadWithin(t, fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("error %v", err)
	}
}
