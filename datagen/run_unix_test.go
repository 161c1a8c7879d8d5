//go:build unix

// Tests of datagen's output against files that are not regular: devices, a
// directory and a FIFO.

package datagen

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

// TestRunRefusesOddOutputs: datagen writes a regular file only: a device,
// a directory or a FIFO as output is refused, with --resume too, without
// blocking or writing to it.
func TestRunRefusesOddOutputs(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "fifo"))
	for _, path := range []string{os.DevNull, "/dev/full", dir, fifo} {
		for _, resume := range []bool{false, true} {
			err := fifotest.Within(t, 2*time.Minute, fmt.Sprintf("%s (resume %v)", path, resume), func() error {
				_, err := Run(context.Background(), testConfig(1, 1), path, resume)
				return err
			})
			if err == nil {
				t.Errorf("%s (resume %v): no error", path, resume)
			} else if resume && !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s (resume %v): %v", path, resume, err)
			}
		}
	}
}
