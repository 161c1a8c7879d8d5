//go:build unix

// The files the commands must not block on are refused at once when they
// are a FIFO or a device, where the open used to wait for a reader or a
// writer for good: the book commands' input files, and the files the
// commands write to or read beside their work (--log, --pdn,
// --token-file); a token file is read only up to a bound.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestBookInputsRefuseAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "games.pdn"))
	for _, args := range [][]string{
		{"book", "import", fifo, "-o", filepath.Join(dir, "a.bin")},
		{"book", "build", "--from-pdn", fifo, "-o", filepath.Join(dir, "b.bin")},
	} {
		errOut, code := runWithin(t, args...)
		if code != 2 || !strings.Contains(errOut, "not a regular file (a FIFO)") {
			t.Errorf("%v: status %d, %q; want 2 and not a regular file (a FIFO)", args, code, errOut)
		}
	}
}

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

// runWithin runs the program with args, as run does, and fails the test at
// once when it has not exited within 2 minutes. The program is built
// before the clock starts: under load its build (shared with parallel
// tests) alone can take longer than the limit.
func runWithin(t *testing.T, args ...string) (errOut string, code int) {
	t.Helper()
	dameoBinary(t)
	type result struct {
		errOut string
		code   int
	}
	r := fifotest.Within(t, 2*time.Minute, fmt.Sprint(args), func() result {
		_, errOut, code := run(t, args...)
		return result{errOut, code}
	})
	return r.errOut, r.code
}
