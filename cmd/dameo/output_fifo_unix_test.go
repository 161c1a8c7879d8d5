//go:build unix

// The files the commands write to or read beside their work (--log,
// --pdn, --token-file) are refused at once when they are a FIFO or a
// device, where the open used to wait for a reader or a writer for good,
// and a token file is read only up to a bound.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestSideFilesRefuseFIFOsAndDevices(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "fifo"))
	big := filepath.Join(dir, "big-token")
	if err := os.WriteFile(big, []byte(strings.Repeat("x", maxTokenFile+1)), 0o600); err != nil {
		t.Fatal(err)
	}
	match := []string{"match", "-e", "name=a", "-e", "name=b", "--depth", "1", "--games", "2"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"hub", "--log", fifo}, "not a regular file (a FIFO)"},
		{append(match, "--pdn", fifo), "not a regular file (a FIFO)"},
		{append(match, "--pdn", fifo, "--resume"), "not a regular file (a FIFO)"},
		{append(match, "--log", fifo), "not a regular file (a FIFO)"},
		{append(match, "--log", "/dev/zero"), "not a regular file (a device)"},
		{[]string{"bot", "--token-file", fifo}, "not a regular file (a FIFO)"},
		{[]string{"bot", "--token-file", "/dev/zero"}, "not a regular file (a device)"},
		{[]string{"bot", "--token-file", big}, fmt.Sprintf("larger than %d bytes", maxTokenFile)},
		{[]string{"gui", "--pdn", fifo}, "not a regular file (a FIFO)"},
	} {
		errOut, code := runWithin(t, c.args...)
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, %q; want an error saying %s", c.args, code, errOut, c.want)
		}
	}
}
