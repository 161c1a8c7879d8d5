// Tests of the explorer panel at the session: the moves of the board's
// position in the state of an analysis, PDN text loaded from the page,
// and the games finished on the page joining the explorer.

package gui

import (
	"strings"
	"testing"

	"github.com/dameo/dameo/explorer"
)

// explorerGames meet after three plies by two move orders.
const explorerGames = `[Result "1-0"]
1. c3-c4 f6-f5 2. d3-d4 1-0

[Result "1/2-1/2"]
1. c3-c4 f6-f5 2. e3-e4 1/2-1/2

[Result "0-1"]
1. d3-d4 f6-f5 2. c3-c4 e6-e5 0-1
`

// explorerHarness is a harness whose session has an empty explorer.
func explorerHarness(t *testing.T) *harness {
	t.Helper()
	x, err := explorer.New(explorer.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness("fake")
	h.s.explorer = x
	return h
}

func TestExplorerPanelShowsTheBoardsMoves(t *testing.T) {
	h := explorerHarness(t)
	if _, err := h.s.explorer.Read(strings.NewReader(explorerGames)); err != nil {
		t.Fatal(err)
	}
	if st := h.state(); st.Explorer != nil {
		t.Errorf("a game against the engine shows the explorer: %+v", st.Explorer)
	}
	h.do(`{"type":"new","mode":"analyse"}`)
	want := `{"games":3,"moves":[{"move":"c3-c4","games":2,"whiteWins":1,"draws":1,"blackWins":0},` +
		`{"move":"d3-d4","games":1,"whiteWins":0,"draws":0,"blackWins":1}]}`
	if got := jsonOf(h.state().Explorer); got != want {
		t.Errorf("start:\n%s\nwant\n%s", got, want)
	}
	// Reached by both move orders.
	h.do(`{"type":"open","moves":["d3-d4","f6-f5","c3-c4"]}`)
	want = `{"games":2,"moves":[{"move":"e6-e5","games":1,"whiteWins":0,"draws":0,"blackWins":1}]}`
	if got := jsonOf(h.state().Explorer); got != want {
		t.Errorf("after the transposition:\n%s\nwant\n%s", got, want)
	}
	if msg := h.do(`{"type":"move","move":"d6-d5"}`); msg != "" {
		t.Fatal(msg)
	}
	if got := jsonOf(h.state().Explorer); got != `{"games":0,"moves":[]}` {
		t.Errorf("a position of no game: %s", got)
	}
}

func TestExplorerLoadAddsThePagesGames(t *testing.T) {
	h := explorerHarness(t)
	h.do(`{"type":"new","mode":"analyse"}`)
	if msg := h.do(`{"type":"explorerload","text":` + jsonOf(explorerGames) + `}`); msg != "" {
		t.Fatal(msg)
	}
	if v := h.state().Explorer; v == nil || v.Games != 3 || len(v.Moves) != 2 {
		t.Fatalf("after the load: %+v, want 3 games", v)
	}
	before := h.view()
	for req, want := range map[string]string{
		`{"type":"explorerload","text":"1. c3-c5 *"}`:   `no game could be read (1 skipped; game 1: move 1 (c3-c5): illegal move "c3-c5")`,
		`{"type":"explorerload","text":"  \n"}`:         "no game in the PDN text",
		`{"type":"explorerload","text":"\u0000\u0001"}`: "no game could be read",
		`{"type":"explorerload"}`:                       "no text",
	} {
		if msg := h.do(req); !strings.Contains(msg, want) {
			t.Errorf("%s: error %q, want %q", req, msg, want)
		}
		if after := h.view(); after != before {
			t.Errorf("%s changed the state:\n%s\n%s", req, before, after)
		}
	}
	// A text with a bad game among good ones adds the good ones and says
	// what it skipped.
	msg := h.do(`{"type":"explorerload","text":` + jsonOf("1. c3-c5 *\n[Event \"good\"]\n1. c3-c4 0-1\n") + `}`)
	if msg != `explorer: games added: 1, skipped: 1; the first skipped: game 1: move 1 (c3-c5): illegal move "c3-c5"` {
		t.Errorf("a text with a bad game: error %q", msg)
	}
	if v := h.state().Explorer; v.Games != 4 || v.Moves[0].Games != 3 || v.Moves[0].BlackWins != 1 {
		t.Errorf("after the mixed text: %+v, want c3-c4 in 3 games, 1 Black's win", v)
	}
}

func TestFinishedGamesJoinTheExplorer(t *testing.T) {
	h := explorerHarness(t)
	h.do(`{"type":"move","move":"c3-c4"}`)
	reply := h.moves()[1]
	if msg := h.do(`{"type":"resign"}`); msg != "" {
		t.Fatal(msg)
	}
	if st := h.s.explorer.Stats(); st.Games != 1 {
		t.Fatalf("explorer stats %+v after a finished game, want 1 game", st)
	}
	h.do(`{"type":"new","mode":"analyse"}`)
	want := `{"games":1,"moves":[{"move":"c3-c4","games":1,"whiteWins":0,"draws":0,"blackWins":1}]}`
	if got := jsonOf(h.state().Explorer); got != want {
		t.Errorf("start after the game:\n%s\nwant\n%s", got, want)
	}
	h.do(`{"type":"move","move":"c3-c4"}`)
	if v := h.state().Explorer; v.Games != 1 || len(v.Moves) != 1 || v.Moves[0].Move != reply {
		t.Errorf("after c3-c4: %+v, want the engine's reply %s", v, reply)
	}
	// A game ended on the analysis board is not a game played.
	h.do(`{"type":"resign"}`)
	if st := h.s.explorer.Stats(); st.Games != 1 {
		t.Errorf("explorer stats %+v after a resignation on the analysis board, want still 1 game", st)
	}
}
