//go:build unix

// `dameo book build --from-search` interrupted in the middle of a round
// and resumed: the book is the one built at once, and the leaves file is
// gone at the end.

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestBookBuildResumedMidRound(t *testing.T) {
	bin := dameoBinary(t)
	dir := t.TempDir()
	args := []string{"book", "build", "--from-search", "--positions", "12", "--depth", "3", "--hash", "1", "--concurrency", "1"}
	whole, part := filepath.Join(dir, "whole.bin"), filepath.Join(dir, "part.bin")
	if _, errOut, code := run(t, append(args, "-o", whole)...); code != 0 {
		t.Fatalf("whole build: status %d, %s", code, errOut)
	}
	cmd := exec.Command(bin, append(args, "-o", part)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// Once some leaves are searched (more than the 4 header lines), Ctrl-C.
	code := interruptWhen(t, cmd, time.Minute, "no leaf searched", func() bool {
		data, _ := os.ReadFile(leavesPath(part))
		return bytes.Count(data, []byte("\n")) > 6
	})
	switch {
	case code == 0:
		t.Log("the build ended before Ctrl-C came")
	case code != 130:
		t.Fatalf("interrupted build: status %d, want 130; %s", code, stderr.String())
	default:
		if data, _ := os.ReadFile(leavesPath(part)); bytes.Count(data, []byte("\n")) <= 6 {
			t.Errorf("interrupted build kept no leaves:\n%s", data)
		}
	}
	if _, errOut, code := run(t, append(args, "-o", part, "--resume")...); code != 0 {
		t.Fatalf("resumed build: status %d, %s", code, errOut)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(part)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("resumed book (%d bytes) differs from the book built at once (%d bytes)", len(b), len(a))
	}
	if _, err := os.Stat(leavesPath(part)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("leaves file left after the build: %v", err)
	}
	// A resume with another depth is refused.
	if _, errOut, code := run(t, append(args, "-o", part, "--resume", "--depth", "2")...); code != 2 {
		t.Errorf("resume at another depth: status %d, %s", code, errOut)
	}
}
