// How a session drives its engines through the seam: a start-up refused
// (an error line between hub and ready, hubclient's policy) and a search
// that ends in garbage both lose the engine's game with the reason shown;
// a search no longer wanted is stopped.

package gui

import (
	"errors"
	"strings"
	"testing"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

func TestEngineFailuresLoseTheGame(t *testing.T) {
	for name, c := range map[string]struct {
		startErr, thinkErr error
		shown              string
	}{
		"start-up refused": {startErr: errors.New("start-up: the engine refused a setting: bad hash"), shown: "refused a setting: bad hash"},
		"garbage":          {thinkErr: &hubclient.GarbageError{Text: "ready", Why: "unexpected command"}, shown: "not a protocol line (unexpected command)"},
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness("fake")
			h.startErr, h.thinkErr = c.startErr, c.thinkErr
			if msg := h.do(`{"type":"move","move":"c3-c4"}`); !strings.Contains(msg, "engine fake: ") || !strings.Contains(msg, c.shown) {
				t.Errorf("error shown %q, want %q", msg, c.shown)
			}
			st := h.state()
			if st.Result != pdn.WhiteWins || !strings.Contains(st.Reason, "fake") {
				t.Errorf("result %q (%s), want a loss of the engine", st.Result, st.Reason)
			}
		})
	}
}

// A take-back while the engine thinks stops its search, whose move is not
// played.
func TestTakeBackStopsTheEngine(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"move","move":"c3-c4"}`)
	e := h.engines[0]
	e.hold = true
	h.do(`{"type":"move","move":"` + h.state().Legal[0].Text + `"}`)
	if h.state().Thinking == "" || h.s.g.moves != 3 {
		t.Fatalf("the engine is not thinking: %d moves, thinking %q", h.s.g.moves, h.state().Thinking)
	}
	if msg := h.do(`{"type":"takeback"}`); msg != "" {
		t.Fatal(msg)
	}
	if e.sent[len(e.sent)-1] != "stop" || h.s.g.moves != 2 || h.state().Thinking != "" {
		t.Errorf("after the take-back: sent %q, %d moves, thinking %q", e.sent[len(e.sent)-1], h.s.g.moves, h.state().Thinking)
	}
}
