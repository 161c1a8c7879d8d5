// How a session takes an engine that fails: a start-up refused (an error
// line between hub and ready, hubclient's policy) and a search that ends
// in garbage both lose the engine's game with the reason shown.

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
