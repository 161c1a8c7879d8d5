// A --log file that cannot be written (/dev/full) is reported once on
// standard error; the command goes on.

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/testbin"
)

func TestLogWriteErrorReportedOnce(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	if testing.Short() {
		t.Skip("runs a match")
	}
	bin := testbin.Build(t, "cmd/dameo", false)
	for _, args := range [][]string{
		{"hub", "--log", "/dev/full"},
		{"match", "--log", "/dev/full", "-e", "name=a option.hash=8", "-e", "name=b option.hash=8", "--depth", "1", "--games", "2"},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader("ping\nping\nquit\n")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("%s: %v\n%s", args[0], err, stderr.String())
		}
		if n := strings.Count(stderr.String(), "--log /dev/full"); n != 1 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%s: stderr %q, want one line about --log /dev/full", args[0], stderr.String())
		}
		if args[0] == "hub" && stdout.String() != "pong\npong\n" {
			t.Errorf("hub: stdout %q", stdout.String())
		}
	}
}
