// Leaving: the first Ctrl-C with ResignOnInterrupt and the end of Run's
// context both resign the game in progress, even while the engine thinks;
// and errors keep the token out even when the server repeats it.

package bot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/testio"
)

func TestLeavingResignsTheGame(t *testing.T) {
	for _, how := range []string{"interrupt", "cancel"} {
		t.Run(how, func(t *testing.T) {
			s := newTestServer(t, testToken)
			log := &testio.SyncBuffer{}
			cfg := testConfig(t, s, log)
			cfg.Limits = "move-time=60" // the bot is still thinking when it leaves
			interrupt := make(chan struct{})
			cfg.Interrupt = interrupt
			cfg.ResignOnInterrupt = true
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- Run(ctx, cfg) }()
			s.challenge("long1", dameoKey, 600, 0, false)
			waitFor(t, s, "the bot's engine thinking", func() bool {
				g := s.games["long1"]
				return g != nil && g.streams > 0 && strings.Contains(log.String(), "playing white")
			})
			if how == "interrupt" {
				close(interrupt)
			} else {
				cancel()
			}
			var err error
			select {
			case err = <-done:
			case <-time.After(2 * time.Minute):
				t.Fatal("Run did not return")
			}
			if how == "interrupt" && err != nil {
				t.Errorf("Run after an interrupt: %v", err)
			}
			if how == "cancel" && !errors.Is(err, context.Canceled) {
				t.Errorf("Run after its context ended: %v, want context.Canceled", err)
			}
			s.mu.Lock()
			defer s.mu.Unlock()
			if g := s.games["long1"]; g.status != "resign" || len(g.turns) != 0 {
				t.Errorf("game: %s after %d turns, want resigned before moving\nlog:\n%s", g.status, len(g.turns), log.String())
			}
		})
	}
}

func TestTokenNeverInErrors(t *testing.T) {
	s := newTestServer(t, testToken)
	s.errorBody = `{"error":"token ` + testToken + ` is revoked"}`
	log := &testio.SyncBuffer{}
	cfg := testConfig(t, s, log)
	err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "403") || !strings.Contains(err.Error(), redactedToken) {
		t.Fatalf("Run: %v, want the 403 with the token redacted", err)
	}
	if strings.Contains(err.Error(), testToken) || strings.Contains(log.String(), testToken) {
		t.Errorf("the token leaked: error %q, log %q", err, log.String())
	}

	cfg.Server = "http://127.0.0.1:1/" + testToken // a server that cannot be reached
	if err := Run(context.Background(), cfg); err == nil || strings.Contains(err.Error(), testToken) {
		t.Errorf("Run with an unreachable server: %v", err)
	}
	cfg.Server = s.URL
	cfg.Token = "wrong"
	err = Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("Run with a wrong token: %v, want 401", err)
	}
}

// What the server sends reaches the log and the terminal printable: an
// account name or an error answer with a carriage return, a terminal
// escape and BEL is written with those escaped.
func TestServerTextIsPrintable(t *testing.T) {
	const hostile = "Evil\r\x1b[2J\x07Bot"
	printable := func(s string) bool {
		return !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f })
	}
	s := newTestServer(t, testToken)
	s.username = hostile
	log := &testio.SyncBuffer{}
	cfg := testConfig(t, s, log)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	for deadline := time.Now().Add(time.Minute); !strings.Contains(log.String(), "logged in as"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no login in a minute; log:\n%s", log.String())
		}
	}
	cancel()
	<-done
	if text := log.String(); !printable(text) || !strings.Contains(text, `logged in as Evil\x0d\x1b[2J\x07Bot`) {
		t.Errorf("the account name in the log: %q", text)
	}

	s.errorBody = "refused: " + hostile
	err := Run(context.Background(), cfg)
	if err == nil || !printable(err.Error()) || !strings.Contains(err.Error(), `refused: Evil\x0d\x1b[2J\x07Bot`) {
		t.Errorf("Run's error for an error answer: %q", err)
	}
}
