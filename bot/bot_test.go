// The bot against the local test server with the real engine (`dameo hub`
// built by internal/testbin): challenges accepted and declined, full
// games with captures of several jumps, a dropped stream, a 429, Ctrl-C,
// and the token kept out of every log line and error.

package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/internal/testio"
)

func TestMain(m *testing.M) { testbin.Main(m) }

// testToken is the token of the tests: it must never be seen in the output.
const testToken = "lip_S3cr3tT0k3nF0rT3sts"

// testConfig is a configuration for s: the real engine at depth 2 without
// its book, short waits.
func testConfig(t *testing.T, s *testServer, log *testio.SyncBuffer) Config {
	return Config{
		Server: s.URL,
		Token:  testToken,
		Engine: hubclient.Spec{Command: []string{testbin.Build(t, "cmd/dameo", false), "hub"},
			Options: []hubclient.Param{{Name: "book", Value: "false"}}},
		Limits:        "depth=2",
		Policy:        Policy{Rated: true, Casual: true, Min: Clock{Base: time.Minute}, Max: Clock{Base: time.Hour}},
		Concurrency:   2,
		Greeting:      "hello",
		Log:           log,
		Backoff:       Backoff{Min: 10 * time.Millisecond, Max: 100 * time.Millisecond},
		RateLimitWait: 10 * time.Millisecond,
		IdleTimeout:   5 * time.Second,
	}
}

// waitFor polls cond (under the server's lock) until it holds, failing
// the test after a minute.
func waitFor(t *testing.T, s *testServer, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s.mu.Lock()
		ok := cond()
		s.mu.Unlock()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestBotPlaysGamesToTheEnd(t *testing.T) {
	s := newTestServer(t, testToken)
	s.dropAfter = 7
	s.rateLimited["/api/challenge/dameo1/accept"] = 1
	log := &testio.SyncBuffer{}
	cfg := testConfig(t, s, log)
	interrupt := make(chan struct{})
	cfg.Interrupt = interrupt
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), cfg) }()

	s.challenge("chess1", "chess", 300, 3, false)
	s.challenge("fast1", dameoKey, 10, 0, true)
	s.challenge("dameo1", dameoKey, 60, 1, false)
	s.challenge("dameo2", dameoKey, 60, 1, true)
	waitFor(t, s, "two games over", func() bool {
		over := 0
		for _, g := range s.games {
			if g.status != "started" {
				over++
			}
		}
		return over == 2
	})
	close(interrupt)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Run did not return after the interrupt")
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	want := map[string]string{"chess1": reasonVariant, "fast1": reasonTooFast, "dameo1": "accept", "dameo2": "accept"}
	for id, w := range want {
		if s.decisions[id] != w {
			t.Errorf("challenge %s: %q, want %q", id, s.decisions[id], w)
		}
	}
	if s.given429 != 1 {
		t.Errorf("%d answers 429, want 1 (and the accept retried)", s.given429)
	}
	multi := 0
	for id, g := range s.games {
		if g.status == "outoftime" || g.status == "resign" || len(g.turns) < 10 {
			t.Errorf("game %s: %s after %d turns: %s", id, g.status, len(g.turns), strings.Join(g.turns, " "))
		}
		multi += g.botMulti
		t.Logf("game %s: bot %v, %s, winner %s, %d turns, %d streams", id, g.botColor, g.status, g.winner, len(g.turns), g.streams)
	}
	if multi == 0 {
		t.Errorf("the bot made no capture of several jumps")
	}
	if g := s.games["dameo1"]; g.streams < 2 && len(g.history) > s.dropAfter {
		t.Errorf("game dameo1: the dropped stream was not followed again (%d connections)", g.streams)
	}
	if len(s.rejected) > 0 {
		t.Errorf("the server refused moves of the bot: %v", s.rejected)
	}
	if s.unauthorized > 0 {
		t.Errorf("%d requests without the token", s.unauthorized)
	}
	if len(s.chat) != 2 || s.chat[0] != "player: hello" {
		t.Errorf("chat %q, want the greeting once per game", s.chat)
	}
	out := log.String()
	if strings.Contains(out, testToken) {
		t.Errorf("the log shows the token:\n%s", out)
	}
	if !strings.Contains(out, "rate limited") || !strings.Contains(out, "reconnecting") {
		t.Errorf("the log does not mention the 429 and the reconnection:\n%s", out)
	}
	if t.Failed() {
		t.Logf("log:\n%s", out)
	}
}
