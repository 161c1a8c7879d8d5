//go:build unix

// Tests of datagen's output against files that are not regular: devices, a
// directory and a FIFO.

package datagen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRunRefusesOddOutputs: datagen writes a regular file only: a device,
// a directory or a FIFO as output is refused, with --resume too, without
// blocking or writing to it.
func TestRunRefusesOddOutputs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{os.DevNull, "/dev/full", dir, fifo} {
		for _, resume := range []bool{false, true} {
			done := make(chan error, 1)
			go func() {
				_, err := Run(context.Background(), testConfig(1, 1), path, resume, nil, false, time.Hour)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil {
					t.Errorf("%s (resume %v): no error", path, resume)
				} else if resume && !strings.Contains(err.Error(), "not a regular file") {
					t.Errorf("%s (resume %v): %v", path, resume, err)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%s (resume %v): still running after 20 s", path, resume)
			}
		}
	}
}
