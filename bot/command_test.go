//go:build unix

// The real `dameo bot` command against the test server: it plays a game
// to the end, stops at Ctrl-C with status 130 (interrupted, as every
// dameo command), and its output never shows the token.

package bot

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/testbin"
)

func TestCommandPlaysAGame(t *testing.T) {
	s := newTestServer(t, testToken)
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte(testToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(testbin.Build(t, "cmd/dameo", false), "bot", "--token-file", tokenFile, "--server", s.URL,
		"--limits", "depth=2", "--engine-option", "book=false", "--greeting", "hi from the test")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	s.challenge("cmd1", dameoKey, 120, 1, true)
	waitFor(t, s, "the game over", func() bool { g := s.games["cmd1"]; return g != nil && g.status != "started" })
	cmd.Process.Signal(os.Interrupt)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 130 {
			t.Errorf("dameo bot after Ctrl-C: %v, want exit status 130\n%s", err, stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("dameo bot did not stop after Ctrl-C")
	}
	out := stdout.String() + stderr.String()
	if strings.Contains(out, testToken) {
		t.Errorf("the output shows the token:\n%s", out)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.games["cmd1"]; g.status != "mate" || len(s.rejected) > 0 || len(s.chat) != 1 {
		t.Errorf("game %s after %d turns, refused moves %v, chat %q\n%s", g.status, len(g.turns), s.rejected, s.chat, out)
	}
}
