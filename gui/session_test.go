// Tests of the session's game logic with fake engines: moves, takeback,
// clocks, results, engine moves and analysis, PDN export and import.

package gui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/pdn"
)

func TestPersonMoveGetsEngineReply(t *testing.T) {
	h := newHarness("fake")
	if st := h.state(); st.Mode != modePlay || len(st.Legal) == 0 || st.Side != "white" {
		t.Fatalf("start: mode %q, %d legal moves, %s to move", st.Mode, len(st.Legal), st.Side)
	}
	if msg := h.do(`{"type":"move","move":"c3-c4"}`); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	moves := h.moves()
	if len(moves) != 2 || moves[0] != "c3-c4" || st.Ply != 2 || st.Cursor != st.MainEnd {
		t.Fatalf("after c3-c4: moves %v, cursor at ply %d; want the engine's reply too", moves, st.Ply)
	}
	if !slices.Contains(h.engines[0].sent, "level move-time=1") || !slices.Contains(h.engines[0].sent, "go think") {
		t.Errorf("engine was sent %q", h.engines[0].sent)
	}
	if st.Last == nil || st.Last.Text != moves[1] || len(st.Last.Path) != 2 {
		t.Errorf("last move %+v, want the engine's %s", st.Last, moves[1])
	}
	if main := h.tree.mainLine(); main[0].Number != "1" || main[1].Number != "1..." {
		t.Errorf("move numbers %q %q, want 1 and 1...", main[0].Number, main[1].Number)
	}
}

func TestBadMovesAreRefusedAndChangeNothing(t *testing.T) {
	h := newHarness("fake")
	before := h.view()
	for _, req := range []string{
		`{"type":"move","move":"c3-c5"}`,
		`{"type":"move","move":"zz"}`,
		`{"type":"move","move":"f6-f5"}`,
	} {
		if msg := h.do(req); msg == "" {
			t.Errorf("%s: no error reply", req)
		}
		if after := h.view(); after != before {
			t.Errorf("%s changed the state:\n%s\n%s", req, before, after)
		}
	}
}

func TestTakeBackReturnsToThePersonsMove(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"black","limit":{"moveTime":0.5}}`)
	st := h.state()
	if len(h.moves()) != 1 || st.Side != "black" {
		t.Fatalf("the engine (White) should have moved first: %v", h.moves())
	}
	h.do(`{"type":"move","move":"f6-f5"}`)
	if n := len(h.moves()); n != 3 {
		t.Fatalf("%d moves, want 3", n)
	}
	if msg := h.do(`{"type":"takeback"}`); msg != "" {
		t.Fatal(msg)
	}
	st = h.state()
	if len(h.moves()) != 1 || st.Side != "black" || len(st.Legal) == 0 {
		t.Errorf("after takeback: moves %v, %s to move, %d legal", h.moves(), st.Side, len(st.Legal))
	}
}

// TestTakeBackNeedsAPersonsMove: against the engine, a take-back needs a
// move of the person's to take back. The engine's first move alone is not
// one (taken back, the engine would play it again): the state says so and
// the request is refused, whatever the page sends.
func TestTakeBackNeedsAPersonsMove(t *testing.T) {
	h := newHarness("fake")
	if h.state().TakeBack {
		t.Error("playing White, a take-back is offered before any move")
	}
	h.do(`{"type":"move","move":"c3-c4"}`)
	if !h.state().TakeBack {
		t.Error("playing White, no take-back offered after the person's move")
	}
	h.do(`{"type":"new","mode":"play","color":"black","limit":{"moveTime":0.5}}`)
	if len(h.moves()) != 1 || h.state().TakeBack {
		t.Fatalf("playing Black after the engine's first move: moves %v, take-back offered %v; want 1 move, none offered", h.moves(), h.state().TakeBack)
	}
	before := h.view()
	if msg := h.do(`{"type":"takeback"}`); !strings.Contains(msg, "no move of yours") {
		t.Errorf("a take-back of the engine's first move alone: error %q, want no move of yours to take back", msg)
	}
	if after := h.view(); after != before {
		t.Errorf("the refused take-back changed the state:\n%s\n%s", before, after)
	}
	h.do(`{"type":"move","move":"` + h.state().Legal[0].Text + `"}`)
	if len(h.moves()) != 3 || !h.state().TakeBack {
		t.Fatalf("after the person's move and the reply: moves %v, take-back offered %v", h.moves(), h.state().TakeBack)
	}
	if msg := h.do(`{"type":"takeback"}`); msg != "" {
		t.Fatal(msg)
	}
	if len(h.moves()) != 1 || h.state().TakeBack {
		t.Errorf("after the take-back: moves %v, take-back offered %v; want the engine's first move, none offered", h.moves(), h.state().TakeBack)
	}
}

func TestClockChargesAndCreditsEachTurn(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"minutes":1,"increment":2}}`)
	st := h.state()
	if st.Clock == nil || st.Clock.White != 62 || st.Clock.Black != 60 || st.Clock.Running != "white" {
		t.Fatalf("clock at the start: %+v, want White 62 (60 + increment) running, Black 60", st.Clock)
	}
	h.now = h.now.Add(10 * time.Second)
	h.do(`{"type":"move","move":"c3-c4"}`)
	if !slices.Contains(h.engines[0].sent, "level time=60 inc=2") {
		t.Errorf("engine was sent %q, want its clock before the increment", h.engines[0].sent)
	}
	st = h.state()
	// White used 10 s of 62, Black's engine answered at once; White's turn again (+2).
	if st.Clock.White != 54 || st.Clock.Black != 62 || st.Clock.Running != "white" {
		t.Errorf("clock after a move each: %+v, want White 54 running, Black 62", st.Clock)
	}
}

func TestFlagFallLosesAndSavesTheGame(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"minutes":0.1}}`)
	h.now = h.now.Add(7 * time.Second)
	h.s.checkFlag()
	h.s.update()
	st := h.state()
	if st.Result != pdn.BlackWins || st.Reason != "White lost on time" || len(st.Legal) != 0 {
		t.Fatalf("after the flag: result %q (%s), %d legal moves", st.Result, st.Reason, len(st.Legal))
	}
	if !slices.Equal(h.saved, []string{pdn.BlackWins}) {
		t.Errorf("games saved: %v", h.saved)
	}
	if m, ok := last[pdnMsg](h); !ok || !m.Final || !strings.Contains(m.Text, `[Termination "time forfeit"]`) {
		t.Errorf("final PDN %+v", m)
	}
	if msg := h.do(`{"type":"move","move":"c3-c4"}`); msg == "" {
		t.Error("a move after the flag was accepted")
	}
}

func TestMoveAfterTheFlagLoses(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"minutes":0.1}}`)
	h.now = h.now.Add(7 * time.Second)
	if msg := h.do(`{"type":"move","move":"c3-c4"}`); msg != errGameOver.Error() {
		t.Errorf("late move: error %q", msg)
	}
	if st := h.state(); st.Result != pdn.BlackWins || len(h.moves()) != 0 {
		t.Errorf("result %q, moves %v", st.Result, h.moves())
	}
}

func TestNoLegalMoveEndsTheGame(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"position","text":"8/8/8/3b4/3w4/8/8/8 w"}`)
	st := h.state()
	if st.Mode != modeAnalyse || len(st.Legal) != 1 || st.Legal[0].Text != "d4xd6" || !slices.Equal(st.Legal[0].Captured, []string{"d5"}) {
		t.Fatalf("set-up position: mode %q, legal %+v", st.Mode, st.Legal)
	}
	h.do(`{"type":"move","move":"d4xd6"}`)
	st = h.state()
	if st.Result != pdn.WhiteWins || st.Reason != "Black has no legal move" || st.Lost != [2]int{0, 1} {
		t.Errorf("result %q (%s), lost %v", st.Result, st.Reason, st.Lost)
	}
}

func TestThreefoldRepetitionIsADraw(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"position","text":"W7/8/8/8/8/8/8/7B w"}`)
	for _, m := range []string{"a8-a7", "h1-h2", "a7-a8", "h2-h1", "a8-a7", "h1-h2", "a7-a8", "h2-h1"} {
		if msg := h.do(`{"type":"move","move":"` + m + `"}`); msg != "" {
			t.Fatalf("%s: %s", m, msg)
		}
	}
	if st := h.state(); st.Result != pdn.Draw || st.Reason != "threefold repetition" {
		t.Errorf("result %q (%s)", st.Result, st.Reason)
	}
}

func TestResignLosesForThePerson(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"black","limit":{"moveTime":1}}`)
	if msg := h.do(`{"type":"resign"}`); msg != "" {
		t.Fatal(msg)
	}
	if st := h.state(); st.Result != pdn.WhiteWins || st.Reason != "Black resigns" {
		t.Errorf("result %q (%s)", st.Result, st.Reason)
	}
	if !slices.Equal(h.saved, []string{pdn.WhiteWins}) {
		t.Errorf("games saved: %v", h.saved)
	}
}

func TestWatchPlaysToTheEndAndSavesPDN(t *testing.T) {
	h := newHarness("one", "two")
	h.do(`{"type":"position","text":"8/8/8/8/3b4/8/3w4/8 w"}`)
	if msg := h.do(`{"type":"new","mode":"watch","white":0,"black":1,"fromBoard":true,"limit":{"moveTime":0.1}}`); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	if st.Result == "" || st.White != "one" || st.Black != "two" {
		t.Fatalf("watch game: moves %v, result %q, players %s-%s", h.moves(), st.Result, st.White, st.Black)
	}
	m, ok := last[pdnMsg](h)
	if !ok || !m.Final {
		t.Fatal("no final PDN")
	}
	g := replay(t, m.Text)
	if !slices.Equal(g.MoveTexts(), h.moves()) || g.Result != st.Result || g.Tag(pdn.TagFEN) != "W:Wd2:Bd4:H0:F1" {
		t.Errorf("PDN %q does not match the game %v %s", m.Text, h.moves(), st.Result)
	}
	if len(h.engines) != 2 {
		t.Errorf("%d engine processes, want one per side", len(h.engines))
	}
	if msg := h.do(`{"type":"move","move":"d4-d3"}`); msg == "" {
		t.Error("a person's move in watch mode was accepted")
	}
}

// replay reads PDN text and checks it with loadRecord.
func replay(t *testing.T, text string) *pdn.Game {
	t.Helper()
	if _, err := loadRecord(context.Background(), text); err != nil {
		t.Fatalf("the PDN does not replay: %v\n%s", err, text)
	}
	games, err := pdn.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

func TestPDNSaveAndLoad(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"move","move":"c3-c4"}`)
	h.do(`{"type":"move","move":"d3-d4"}`)
	h.do(`{"type":"savepdn"}`)
	m, ok := last[pdnMsg](h)
	if !ok || m.Final {
		t.Fatalf("savepdn answered %+v", m)
	}
	moves := h.moves()
	if g := replay(t, m.Text); !slices.Equal(g.MoveTexts(), moves) || g.Tag(pdn.TagWhite) != "you" || g.Tag(pdn.TagBlack) != "fake" {
		t.Errorf("saved %q for the game %v", m.Text, moves)
	}
	h.do(`{"type":"new","mode":"analyse"}`)
	if msg := h.do(jsonOf(request{Type: reqLoadPDN, Text: m.Text})); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	if !slices.Equal(h.moves(), moves) || st.Ply != 0 || st.Mode != modeAnalyse || st.White != "you" {
		t.Errorf("loaded: moves %v, cursor at ply %d, mode %s", h.moves(), st.Ply, st.Mode)
	}
	h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(4)))
	if st := h.state(); st.Ply != 4 || st.Last.Text != moves[3] {
		t.Errorf("goto 4: cursor at ply %d, last %+v", st.Ply, st.Last)
	}
	// Playing from ply 1 adds a variation and keeps the line.
	h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(1)))
	h.do(`{"type":"move","move":"f6-f5"}`)
	st = h.state()
	if !slices.Equal(h.moves(), moves) || !slices.Equal(h.tree.line(st.Cursor), []string{"c3-c4", "f6-f5"}) {
		t.Errorf("after the variation: main line %v, board after %v", h.moves(), h.tree.line(st.Cursor))
	}
}

func TestBadPDNIsRefused(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"move","move":"c3-c4"}`)
	before := h.view()
	for text, want := range map[string]string{
		"1. c3-c5 *":                           "move 1 (c3-c5)",
		`[FEN "8/8/8 w"] 1. c3-c4 *`:           "FEN tag",
		`[GameType "20"] 1. c3-c4 *`:           "not Dameo",
		"[Event":                               "",
		"":                                     "no text",
		"1. c3-c4 c6-c5 {unterminated comment": "",
	} {
		msg := h.do(jsonOf(request{Type: reqLoadPDN, Text: text}))
		if msg == "" || !strings.Contains(msg, want) {
			t.Errorf("loading %q: error %q, want one with %q", text, msg, want)
		}
		if after := h.view(); after != before {
			t.Errorf("loading %q changed the state", text)
		}
	}
}

func TestAnalysisFollowsTheBoard(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"analyse"}`)
	if msg := h.do(`{"type":"analyse","on":true,"multipv":2}`); msg != "" {
		t.Fatal(msg)
	}
	e := h.engines[0]
	if !slices.Contains(e.sent, "set-param name=multipv value=2") || e.sent[len(e.sent)-1] != "go analyze" {
		t.Fatalf("engine was sent %q", e.sent)
	}
	a, ok := last[analysisMsg](h)
	if !ok || a.Node != 0 || len(a.Lines) != 1 || a.Score != 0.25 || a.Arrow == nil || a.Arrow[0] != a.Lines[0].Moves[0][:2] {
		t.Fatalf("analysis %+v", a)
	}
	h.do(`{"type":"move","move":"c3-c4"}`)
	if !slices.Contains(e.sent, "stop") {
		t.Error("the analysis of the old position was not stopped")
	}
	a, _ = last[analysisMsg](h)
	if a.Node != h.node(1) || a.Score != -0.25 {
		t.Errorf("analysis after c3-c4: node %d, score %v (the fake's 0.25 for Black, from White's side)", a.Node, a.Score)
	}
	if e0, e1 := h.tree[0].Eval, h.tree[h.node(1)].Eval; e0 == nil || e1 == nil || *e0 != 0.25 || *e1 != -0.25 {
		t.Errorf("evaluations on the page's tree %v %v", e0, e1)
	}
	h.do(`{"type":"option","name":"threads","value":"2"}`)
	if !slices.Contains(e.sent, "set-param name=threads value=2") {
		t.Errorf("threads not set: %q", e.sent)
	}
	h.do(`{"type":"analyse","on":false}`)
	if e.analysing {
		t.Error("analysis still running after it was turned off")
	}
}

func TestEngineExitLosesTheGame(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"move","move":"c3-c4"}`)
	h.engines[0].Close()
	h.pump()
	if msg := h.do(`{"type":"move","move":"d3-d4"}`); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	if st.Result != pdn.WhiteWins || !strings.Contains(st.Reason, "fake") {
		t.Errorf("result %q (%s), want a loss of the dead engine", st.Result, st.Reason)
	}
}

func TestBadMessagesGetAnErrorReply(t *testing.T) {
	h := newHarness("fake")
	before := h.view()
	for _, req := range []string{
		``, `{`, `[]`, `"move"`, `{"type":"dance"}`, `{"type":"move"}`, `{"type":"move","move":7}`,
		`{"type":"move","move":"c3-c4","extra":1}`, `{"type":"move","move":"c3-c4"} {}`,
		`{"type":"new","mode":"play","color":"green","limit":{"moveTime":1}}`,
		`{"type":"new","mode":"play","color":"white","limit":{}}`,
		`{"type":"new","mode":"play","color":"white","engine":3,"limit":{"moveTime":1}}`,
		`{"type":"new","mode":"watch","white":-1,"limit":{"moveTime":1}}`,
		`{"type":"new","mode":"play","color":"white","limit":{"moveTime":-1}}`,
		`{"type":"new","mode":"play","color":"white","limit":{"minutes":1e300}}`,
		`{"type":"goto","node":5}`, `{"type":"goto","node":-1}`, `{"type":"goto","ply":1}`,
		`{"type":"delete","node":0}`, `{"type":"promote","node":9}`, `{"type":"playline","moves":["c3-c4"]}`,
		`{"type":"playline"}`, `{"type":"open","moves":["c3-c5"]}`, `{"type":"pause","on":true,"x":1}`,
		`{"type":"option","name":"cmd","value":"rm"}`, `{"type":"option","name":"threads","value":"0"}`,
		`{"type":"option","name":"book","value":"yes"}`,
		`{"type":"position","text":"8/8 w"}`, `{"type":"position","text":"W"}`,
		`{"type":"takeback"}`, `{"type":"analyse","multipv":99}`,
	} {
		if msg := h.do(req); msg == "" {
			t.Errorf("%s: no error reply", req)
		}
		if after := h.view(); after != before {
			t.Errorf("%s changed the state", req)
		}
	}
}

// TestStartFacesAndDates: a page starts on the analysis board, not in a
// game; a game against the engine says which side the person plays and
// bumps the game's number; only that person resigns; the record is dated.
func TestStartFacesAndDates(t *testing.T) {
	h := newHarness() // no engine: the start a page sees before it chooses
	if st := h.state(); st.Mode != modeAnalyse || st.Player != "" || st.Thinking != "" {
		t.Errorf("start: mode %q, player %q, thinking %q; want the analysis board", st.Mode, st.Player, st.Thinking)
	}
	h = newHarness("fake")
	game := h.state().Game
	h.do(`{"type":"new","mode":"play","color":"black","limit":{"moveTime":0.5}}`)
	if st := h.state(); st.Player != "black" || st.Game == game {
		t.Errorf("playing Black: player %q, game %d (was %d)", st.Player, st.Game, game)
	}
	h.do(`{"type":"new","mode":"analyse"}`)
	if msg := h.do(`{"type":"resign"}`); msg == "" || h.state().Result != "" {
		t.Errorf("a resignation on the analysis board: %q, result %q", msg, h.state().Result)
	}
	h.do(`{"type":"savepdn"}`)
	m, _ := last[pdnMsg](h)
	if g := replay(t, m.Text); g.Tag(pdn.TagDate) != "2025.01.01" {
		t.Errorf("the record's date %q, want the session's day 2025.01.01", g.Tag(pdn.TagDate))
	}
	h.do(`{"type":"loadpdn","text":"[Date \"1999.12.31\"]\n1. c3-c4 *"}`)
	h.do(`{"type":"savepdn"}`)
	if m, _ := last[pdnMsg](h); replay(t, m.Text).Tag(pdn.TagDate) != "1999.12.31" {
		t.Errorf("a loaded record's date is not kept: %s", m.Text)
	}
	h.do(`{"type":"loadpdn","text":"[White \"?\"]\n1. c3-c4 *"}`)
	h.do(`{"type":"savepdn"}`)
	if m, _ := last[pdnMsg](h); replay(t, m.Text).Tag(pdn.TagDate) != unknownDate || h.state().White != "" {
		t.Errorf("a record without a date or White's name: white %q, %s", h.state().White, m.Text)
	}
}

// TestLevelForTheEnginesMovesOnly: a level chosen with a game against the
// engine is set for its moves; its analysis runs at full strength (the
// last of the 13 test levels); a level above it, a negative one or one
// outside such a game is refused.
func TestLevelForTheEnginesMovesOnly(t *testing.T) {
	h := newHarness("fake")
	for _, bad := range []string{
		`{"type":"new","mode":"play","color":"white","level":13,"limit":{"moveTime":1}}`,
		`{"type":"new","mode":"play","color":"white","level":-1,"limit":{"moveTime":1}}`,
		`{"type":"new","mode":"analyse","level":3}`,
	} {
		if msg := h.do(bad); msg == "" {
			t.Errorf("%s: no error", bad)
		}
	}
	h.do(`{"type":"new","mode":"play","color":"black","level":3,"limit":{"moveTime":0.5}}`)
	e := h.engines[len(h.engines)-1]
	think := slices.Index(e.sent, "go think")
	if set := slices.Index(e.sent, "set-param name=level value=3"); set < 0 || set > think {
		t.Fatalf("level 3 not set before the engine's move: %q", e.sent)
	}
	h.do(`{"type":"analyse","on":true}`)
	if full := slices.Index(e.sent, "set-param name=level value=12"); full < think {
		t.Errorf("the analysis is not at full strength: %q", e.sent)
	}
}

// TestPlayerNamesCarryTheLevel: an engine playing below full strength is
// named with its level and the level's Elo, in the state and the PDN's
// tags; at full strength, chosen or by default, it is named alone.
func TestPlayerNamesCarryTheLevel(t *testing.T) {
	h := newHarness("fake")
	full := len(testLevels) - 1
	for _, c := range []struct {
		level string
		want  string
	}{
		{`,"level":3`, fmt.Sprintf("fake (level 3, Elo %d)", testLevels[3].Elo)},
		{`,"level":0`, fmt.Sprintf("fake (level 0, Elo %d)", testLevels[0].Elo)},
		{fmt.Sprintf(`,"level":%d`, full), "fake"},
		{"", "fake"},
	} {
		h.do(`{"type":"new","mode":"play","color":"white","limit":{"moveTime":1}` + c.level + `}`)
		h.do(`{"type":"savepdn"}`)
		m, _ := last[pdnMsg](h)
		g := replay(t, m.Text)
		if st := h.state(); st.White != "you" || st.Black != c.want || g.Tag(pdn.TagWhite) != "you" || g.Tag(pdn.TagBlack) != c.want {
			t.Errorf("level%s: state %q against %q, PDN %q against %q; want you against %q",
				c.level, st.White, st.Black, g.Tag(pdn.TagWhite), g.Tag(pdn.TagBlack), c.want)
		}
	}
}

// TestLevelsOfTheConfig: the levels a game may have are the session's: the
// full engine is the last of them, a level past it is refused, and a
// session without levels refuses any.
func TestLevelsOfTheConfig(t *testing.T) {
	h := newHarness("fake")
	h.s.levels = testLevels[:5]
	if msg := h.do(`{"type":"new","mode":"play","color":"white","level":5,"limit":{"moveTime":1}}`); !strings.Contains(msg, "want 0 to 4") {
		t.Errorf("level 5 of 5 levels: error %q", msg)
	}
	h.do(`{"type":"new","mode":"play","color":"black","level":2,"limit":{"moveTime":0.5}}`)
	h.do(`{"type":"analyse","on":true}`)
	e := h.engines[len(h.engines)-1]
	if !slices.Contains(e.sent, "set-param name=level value=2") || !slices.Contains(e.sent, "set-param name=level value=4") {
		t.Errorf("level 2 then the full engine's 4 not set: %q", e.sent)
	}
	h.s.levels = nil
	if msg := h.do(`{"type":"new","mode":"play","color":"white","level":0,"limit":{"moveTime":1}}`); msg == "" {
		t.Error("a level taken by a session without levels")
	}
	if msg := h.do(`{"type":"new","mode":"play","color":"white","limit":{"moveTime":1}}`); msg != "" {
		t.Errorf("a game without a level refused by a session without levels: %s", msg)
	}
}
