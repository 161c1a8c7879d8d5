//go:build unix

// `dameo match` stopped by Ctrl-C: the exit status says so (130), the
// summary is printed, and no engine process, nor anything an engine
// started, is left running.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/proctest"
	"github.com/dameo/dameo/internal/testbin"
)

func TestMatchInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a match")
	}
	bin := testbin.Build(t, "cmd/dameo", false)
	dir := t.TempDir()
	logFile := filepath.Join(dir, "match.log")
	engine := func(name string) string {
		return fmt.Sprintf("cmd='%s' dir=%s name=%s option.hash=8", strings.Join(proctest.Wrap(t, dir, bin, "hub"), " "), dir, name)
	}
	cmd := exec.Command(bin, "match", "-e", engine("a"), "-e", engine("b"), "--games", "20",
		"--movetime", "1", "--log", logFile, "--pdn", filepath.Join(dir, "games.pdn"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Wait until the first game is under way, then press Ctrl-C.
	if code := interruptWhen(t, cmd, time.Minute, "no game started", func() bool {
		log, _ := os.ReadFile(logFile)
		return bytes.Contains(log, []byte("go think"))
	}); code != 130 {
		t.Errorf("exit status %d, want 130\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "Match summary") {
		t.Errorf("no summary:\n%s", stdout.String())
	}
	if n := proctest.CheckNothingLeft(t, dir); n < 2 {
		t.Errorf("%d engines started, want 2", n)
	}
}

// interruptWhen starts cmd, sends it SIGINT (Ctrl-C) once ready reports
// true, and returns its exit status; it kills cmd and fails the test with
// the message what when ready is not true within wait.
func interruptWhen(t *testing.T, cmd *exec.Cmd, wait time.Duration, what string, ready func() bool) int {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(wait); !ready(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%s: %v", what, cmd.Args)
		}
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}
