// Tests of the move tree through the session: variations added, promoted,
// deleted and saved; play from an earlier position; clocks restored by a
// take-back and stopped by a pause; a long game whose states and engine
// lines stay small; loads that stop when cancelled.

package gui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

func TestVariationsArePlayedPromotedAndDeleted(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"analyse"}`)
	for _, m := range []string{"c3-c4", "f6-f5", "d3-d4"} {
		if msg := h.do(`{"type":"move","move":"` + m + `"}`); msg != "" {
			t.Fatal(msg)
		}
	}
	main := h.moves()
	h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(1)))
	if msg := h.do(`{"type":"move","move":"e6-e5"}`); msg != "" {
		t.Fatal(msg)
	}
	alt := h.state().Cursor
	if !slices.Equal(h.moves(), main) || !slices.Equal(h.tree.line(alt), []string{"c3-c4", "e6-e5"}) {
		t.Fatalf("main line %v (want %v kept), variation %v", h.moves(), main, h.tree.line(alt))
	}
	if kids := h.tree[h.node(1)].Children; len(kids) != 2 || kids[1] != alt {
		t.Errorf("c3-c4's children %v, want the main line's f6-f5 then the variation %d", kids, alt)
	}
	// The same move again goes to its node instead of adding one.
	h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(1)))
	h.do(`{"type":"move","move":"e6-e5"}`)
	if st := h.state(); st.Cursor != alt || len(h.tree) != 5 {
		t.Errorf("replaying the variation's move: cursor %d (want %d), %d nodes (want 5)", st.Cursor, alt, len(h.tree))
	}
	if msg := h.do(fmt.Sprintf(`{"type":"promote","node":%d}`, alt)); msg != "" {
		t.Fatal(msg)
	}
	if !slices.Equal(h.moves(), []string{"c3-c4", "e6-e5"}) {
		t.Errorf("after promotion the main line is %v", h.moves())
	}
	old := h.tree[h.node(1)].Children[1]
	if msg := h.do(fmt.Sprintf(`{"type":"delete","node":%d}`, old)); msg != "" {
		t.Fatal(msg)
	}
	if len(h.tree) != 3 || len(h.tree[h.node(1)].Children) != 1 {
		t.Errorf("after deleting the old line the page has %d nodes: %v", len(h.tree), h.tree)
	}
	if msg := h.do(`{"type":"delete","node":0}`); msg == "" {
		t.Error("the start position was deleted")
	}
	// The page's tree is the server's.
	if got, want := len(h.tree), len(h.s.g.byID); got != want {
		t.Errorf("the page has %d nodes, the server %d", got, want)
	}
}

func TestVariationsGoIntoThePDNAndBack(t *testing.T) {
	h := newHarness("fake")
	text := "[GameType \"Dameo\"]\n{the game} 1. c3-c4 {a comment} f6-f5 ({instead} 1... e6-e5 2. d3-d4 (2. e3-e4) ; a ; comment with } in it\n) 2. d3-d4 *\n"
	if msg := h.do(jsonOf(request{Type: reqLoadPDN, Text: text})); msg != "" {
		t.Fatal(msg)
	}
	if !slices.Equal(h.moves(), []string{"c3-c4", "f6-f5", "d3-d4"}) || len(h.tree) != 7 {
		t.Fatalf("loaded main line %v, %d nodes (want 7)", h.moves(), len(h.tree))
	}
	h.do(`{"type":"savepdn"}`)
	m, _ := last[pdnMsg](h)
	games, err := pdn.Parse(m.Text)
	if err != nil {
		t.Fatal(err)
	}
	want := []pdn.Move{{Text: "c3-c4", Comment: "a comment"}, {Text: "f6-f5", Variations: []pdn.Variation{{Comment: "instead", Moves: []pdn.Move{
		{Text: "e6-e5"}, {Text: "d3-d4", Comment: "a ; comment with ) in it", Variations: []pdn.Variation{{Moves: []pdn.Move{{Text: "e3-e4"}}}}}}}}}, {Text: "d3-d4"}}
	if got := games[0].Moves; fmt.Sprint(got) != fmt.Sprint(want) || games[0].Comment != "the game" {
		t.Errorf("saved %q, moves %+v\nwant %+v", games[0].Comment, got, want)
	}
	if c := h.tree[h.node(1)].Comment; c != "a comment" {
		t.Errorf("the page's c3-c4 has the comment %q", c)
	}
	bad := "1. c3-c4 (1. c3-c5) *"
	if msg := h.do(jsonOf(request{Type: reqLoadPDN, Text: bad})); !strings.Contains(msg, "c3-c5") {
		t.Errorf("an illegal move in a variation: error %q", msg)
	}
}

func TestPlayFromAnEarlierPositionKeepsTheOldLine(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"minutes":1,"increment":2}}`)
	h.now = h.now.Add(5 * time.Second)
	h.do(`{"type":"move","move":"c3-c4"}`)
	h.now = h.now.Add(7 * time.Second)
	h.do(`{"type":"move","move":"d3-d4"}`)
	old := h.moves()
	if len(old) != 4 {
		t.Fatalf("moves %v", old)
	}
	// Back to the position after the engine's first reply; White plays
	// something else there.
	h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(2)))
	h.now = h.now.Add(30 * time.Second)
	alt := "f3-f4"
	if msg := h.do(`{"type":"move","move":"` + alt + `"}`); msg != "" {
		t.Fatal(msg)
	}
	now := h.moves()
	if len(now) != 4 || now[2] != alt || !slices.Equal(now[:2], old[:2]) {
		t.Fatalf("main line now %v, want %v then %s and the reply", now, old[:2], alt)
	}
	kids := h.tree[h.node(2)].Children
	if len(kids) != 2 || h.tree[kids[1]].Text != old[2] {
		t.Errorf("the old line is not a variation: children %v", kids)
	}
	// The clock went back to what it showed after the reply (White 62 -
	// 5 s + 2, Black 60 + 2), not 30 s later, before the new move and the
	// engine's instant reply credited an increment each.
	st := h.state()
	if st.Clock.White != 61 || st.Clock.Black != 64 || st.Clock.Running != "white" {
		t.Errorf("clock after the new line %+v, want White 61 running, Black 64", st.Clock)
	}
}

func TestTakeBackRestoresBothClocks(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"minutes":1,"increment":2}}`)
	h.now = h.now.Add(10 * time.Second)
	h.do(`{"type":"move","move":"c3-c4"}`) // White 52 + 2 = 54
	shown := h.state().Clock
	h.now = h.now.Add(20 * time.Second)
	h.do(`{"type":"move","move":"d3-d4"}`) // White 34 + 2 = 36
	h.now = h.now.Add(3 * time.Second)
	if msg := h.do(`{"type":"takeback"}`); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	if len(h.moves()) != 2 || st.Clock.White != shown.White || st.Clock.Black != shown.Black || st.Clock.Running != "white" {
		t.Errorf("after take-back: %d moves, clock %+v, want %+v as it showed", len(h.moves()), st.Clock, shown)
	}
	main := h.tree.mainLine()
	if c := main[1].Clock; c == nil || c[0] != shown.White || c[1] != shown.Black {
		t.Errorf("the reply's node shows the clock %v", c)
	}
	if main[0].Spent != 10 {
		t.Errorf("c3-c4 took %v s, want 10", main[0].Spent)
	}
}

func TestPauseStopsTheClockAndTheEngine(t *testing.T) {
	h := newHarness("slow")
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"minutes":1,"increment":0}}`)
	h.now = h.now.Add(4 * time.Second)
	if msg := h.do(`{"type":"pause","on":true}`); msg != "" {
		t.Fatal(msg)
	}
	h.now = h.now.Add(time.Hour)
	st := h.state()
	if !st.Clock.Paused || st.Clock.White != 56 || len(st.Legal) != 0 {
		t.Errorf("paused: clock %+v, %d legal moves; want 56 s kept and no moves", st.Clock, len(st.Legal))
	}
	if h.s.checkFlag() {
		t.Error("the flag fell during the pause")
	}
	if msg := h.do(`{"type":"move","move":"c3-c4"}`); msg != errPaused.Error() {
		t.Errorf("a move during the pause: %q", msg)
	}
	h.do(`{"type":"pause","on":false}`)
	h.now = h.now.Add(time.Second)
	h.do(`{"type":"move","move":"c3-c4"}`)
	if st := h.state(); st.Clock.White != 55 || len(h.moves()) != 2 {
		t.Errorf("after the pause: clock %+v, moves %v", st.Clock, h.moves())
	}
	// A pause while the engine thinks stops its search; it thinks again
	// after it.
	h.engines[0].hold = true
	h.do(`{"type":"move","move":"d3-d4"}`)
	if h.state().Thinking == "" {
		t.Fatal("the engine is not thinking")
	}
	h.do(`{"type":"pause","on":true}`)
	e := h.engines[0]
	if e.sent[len(e.sent)-1] != "stop" || h.state().Thinking != "" {
		t.Errorf("pause while the engine thinks: sent %q, thinking %q", e.sent[len(e.sent)-1], h.state().Thinking)
	}
	e.hold = false
	h.do(`{"type":"pause","on":false}`)
	if n := len(h.moves()); n != 4 {
		t.Errorf("after the pause the engine has not moved: %d moves", n)
	}
}

func TestPlayLineAndOpen(t *testing.T) {
	h := newHarness("fake")
	if msg := h.do(`{"type":"open","text":"","moves":["c3-c4","f6-f5"]}`); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	if st.Mode != modeAnalyse || st.Ply != 2 || !slices.Equal(h.moves(), []string{"c3-c4", "f6-f5"}) {
		t.Fatalf("opened: mode %s, ply %d, moves %v", st.Mode, st.Ply, h.moves())
	}
	h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(1)))
	if msg := h.do(`{"type":"playline","moves":["e6-e5","d3-d4","d6-d5"]}`); msg != "" {
		t.Fatal(msg)
	}
	st = h.state()
	if !slices.Equal(h.tree.line(st.Cursor), []string{"c3-c4", "e6-e5"}) || len(h.tree) != 6 || !slices.Equal(h.moves(), []string{"c3-c4", "f6-f5"}) {
		t.Errorf("after the engine's line: board after %v, %d nodes, main %v", h.tree.line(st.Cursor), len(h.tree), h.moves())
	}
	before := h.view()
	if msg := h.do(`{"type":"playline","moves":["d3-d4","zz"]}`); msg == "" || h.view() != before {
		t.Errorf("a line with a bad move: error %q, state changed %v", msg, h.view() != before)
	}
	if msg := h.do(`{"type":"open","text":"8/8/8/3b4/3w4/8/8/8 w","moves":["d4xd6"]}`); msg != "" {
		t.Fatal(msg)
	}
	if st := h.state(); st.Result != pdn.WhiteWins || st.Start != "8/8/8/3b4/3w4/8/8/8 w" {
		t.Errorf("opened position: result %q, start %q", st.Result, st.Start)
	}
}

// walkStart is the start of kingWalk.
const walkStart = "W7/8/8/8/8/8/8/7B w"

// kingWalk is a legal game of plies moves (up to about 10,400) without a
// capture and without a third occurrence of a position: a king of each
// side goes round, to new positions first.
func kingWalk(t testing.TB, plies int) []string {
	t.Helper()
	p, err := engine.ParsePosition(walkStart)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var seen engine.Occurrences
	seen.Enter(p)
	var texts []string
	for len(texts) < plies {
		var cands [engine.DrawOccurrences - 1][]engine.Move // by occurrences so far
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			n := seen.Count(q)
			if m.IsCapture() || hasCapture(q) || n >= engine.DrawOccurrences-1 {
				continue
			}
			cands[n] = append(cands[n], m)
		}
		i := slices.IndexFunc(cands[:], func(c []engine.Move) bool { return len(c) > 0 })
		if i < 0 {
			t.Fatalf("the walk is stuck after %d plies at %v: %v", len(texts), p, p.LegalMoves())
		}
		m := cands[i][rng.IntN(len(cands[i]))]
		texts = append(texts, p.FormatMove(m))
		p = p.Play(m)
		seen.Enter(p)
	}
	return texts
}

func hasCapture(p engine.Position) bool {
	for _, m := range p.LegalMoves() {
		if m.IsCapture() {
			return true
		}
	}
	return false
}

// TestLongGameStatesStayBounded: in a game of 10,000 plies (the attack's
// had 10,396), a move costs a state of a few nodes and a pos line of a
// bounded number of moves, not the whole game.
func TestLongGameStatesStayBounded(t *testing.T) {
	walk := kingWalk(t, 10001)
	h := newHarness("fake")
	r := request{Type: reqOpen, Text: walkStart, Moves: walk[:10000]}
	if msg := h.do(jsonOf(r)); msg != "" {
		t.Fatal(msg)
	}
	if len(h.moves()) != 10000 {
		t.Fatalf("opened %d moves", len(h.moves()))
	}
	h.do(`{"type":"analyse","on":true}`)
	n := len(h.sent)
	h.do(`{"type":"move","move":"` + walk[10000] + `"}`)
	largest := 0
	for _, m := range h.sent[n:] {
		data, _ := json.Marshal(m)
		largest = max(largest, len(data))
		if len(data) > 4096 {
			t.Errorf("a %d-byte %T after one move in a long game", len(data), m)
		}
	}
	e := h.engines[0]
	longest := 0
	for _, l := range e.sent {
		if strings.HasPrefix(l, "pos ") {
			longest = max(longest, len(l))
		}
	}
	if longest > 8*maxPosMoves+200 {
		t.Errorf("a pos line of %d bytes", longest)
	}
	t.Logf("after a move at ply 10,000: messages of at most %d bytes, pos lines of at most %d", largest, longest)
	if got := h.moves(); len(got) != 10001 || got[10000] != walk[10000] {
		t.Errorf("the page has %d moves", len(got))
	}
}

func TestLoadStopsWhenCancelled(t *testing.T) {
	walk := kingWalk(t, 5000)
	text := "[FEN \"" + walkStart + "\"]\n1. " + strings.Join(walk, " ") + " *"
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := loadRecord(ctx, text); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled load: error %v", err)
	}
	g, err := loadRecord(context.Background(), text)
	if err != nil || g.mainEnd.ply != 5000 {
		t.Fatalf("load: %v", err)
	}
}

func TestTreeHasAMoveLimit(t *testing.T) {
	g := newGame(engine.StartPosition())
	g.moves = maxTreeMoves
	if _, err := g.play("c3-c4"); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("a move past the limit: error %v", err)
	}
	// A game against the engine that reaches the limit is drawn, not lost
	// by the engine whose move no longer fits.
	h := newHarness("fake")
	h.s.g.moves = maxTreeMoves - 1
	h.do(`{"type":"move","move":"c3-c4"}`)
	if st := h.state(); st.Result != pdn.Draw || !strings.Contains(st.Reason, "limit") || len(h.moves()) != 1 {
		t.Errorf("at the limit: result %q (%s), moves %v", st.Result, st.Reason, h.moves())
	}
}

func TestGoingToAMoveOfTheGameChangesNoClock(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"minutes":1,"increment":2}}`)
	h.do(`{"type":"move","move":"c3-c4"}`)
	h.do(`{"type":"move","move":"d3-d4"}`)
	before := h.state().Clock
	line := h.state().Line
	h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(2)))
	if msg := h.do(`{"type":"move","move":"d3-d4"}`); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	if *st.Clock != *before || st.Line != line || st.Ply != 3 || len(h.moves()) != 4 {
		t.Errorf("replaying the game's own move: clock %+v (was %+v), line %d (was %d), ply %d", st.Clock, before, st.Line, line, st.Ply)
	}
}

func BenchmarkMoveInALongGame(b *testing.B) {
	walk := kingWalk(b, 10000)
	h := newHarness("fake")
	h.do(jsonOf(request{Type: reqOpen, Text: walkStart, Moves: walk[:9000]}))
	b.ResetTimer()
	for i := range b.N {
		h.do(`{"type":"move","move":"` + walk[9000+i%1000] + `"}`)
		if i%1000 == 999 {
			b.StopTimer()
			h.do(jsonOf(request{Type: reqOpen, Text: walkStart, Moves: walk[:9000]}))
			b.StartTimer()
		}
	}
}

// freshMove is a move of n's position in notation that n has no child for,
// is no capture and leads to a position not yet on the way from the root.
func freshMove(t *testing.T, n *node) string {
	t.Helper()
	for _, m := range n.pos.LegalMoves() {
		q := n.pos.Play(m)
		if m.IsCapture() || hasCapture(q) || n.childWith(m) != nil {
			continue
		}
		seen := false
		for a := n; a != nil && !seen; a = a.parent {
			seen = a.pos == q
		}
		if !seen {
			return n.pos.FormatMove(m)
		}
	}
	t.Fatalf("no fresh move at %v", n.pos)
	return ""
}

// deepestNesting is the deepest nesting of g's tree.
func deepestNesting(g *game) int { return depthBelow(g.root) }

func TestPromotionKeepsTheNestingBound(t *testing.T) {
	// A main line whose first move leads to variations nested as deep as
	// PDN allows; a second first move beside it.
	g := newGame(mustPosition(t, walkStart))
	first, err := g.play(freshMove(t, g.root))
	if err != nil {
		t.Fatal(err)
	}
	for n := first; n.nesting < pdn.MaxVariationNesting; {
		if _, err := g.add(n, mustMove(t, n, freshMove(t, n))); err != nil { // the line goes on
			t.Fatal(err)
		}
		if n, err = g.add(n, mustMove(t, n, freshMove(t, n))); err != nil { // a variation, one deeper
			t.Fatal(err)
		}
	}
	other, err := g.add(g.root, mustMove(t, g.root, freshMove(t, g.root)))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness("fake")
	h.s.setGame(g, modeAnalyse)
	h.do(`{"type":"goto","node":0}`)
	before := h.view()
	// Promoting the second move would put the first's variations one
	// deeper than PDN allows: refused, and nothing changes.
	if msg := h.do(fmt.Sprintf(`{"type":"promote","node":%d}`, other.id)); !strings.Contains(msg, "nest") {
		t.Errorf("a promotion nesting variations %d deep: error %q", pdn.MaxVariationNesting+1, msg)
	}
	if after := h.view(); after != before || deepestNesting(g) != pdn.MaxVariationNesting {
		t.Errorf("the refused promotion changed the tree (deepest nesting %d)", deepestNesting(g))
	}
	if msg := h.do(`{"type":"savepdn"}`); msg != "" {
		t.Errorf("saving the game: %s", msg)
	}
	// A promotion inside the bound is made, and the nesting renumbered.
	deep, old := first.children[1].children[1], first.children[0]
	if msg := h.do(fmt.Sprintf(`{"type":"promote","node":%d}`, deep.id)); msg != "" {
		t.Fatal(msg)
	}
	if deep.nesting != 0 || old.nesting != 1 || deepestNesting(g) != pdn.MaxVariationNesting-2 {
		t.Errorf("after promotion: nesting %d (want 0), old line %d (want 1), deepest %d (want %d)", deep.nesting, old.nesting, deepestNesting(g), pdn.MaxVariationNesting-2)
	}
	if msg := h.do(`{"type":"savepdn"}`); msg != "" {
		t.Errorf("saving the game: %s", msg)
	}
}

func TestRewindsInAGameKeepTheNestingBound(t *testing.T) {
	h := newHarness("fake")
	h.do(jsonOf(request{Type: reqPosition, Text: walkStart}))
	if msg := h.do(`{"type":"new","mode":"play","color":"white","fromBoard":true,"limit":{"moveTime":1}}`); msg != "" {
		t.Fatal(msg)
	}
	// The game so far: a king of each side going round.
	const plies = 2 * (pdn.MaxVariationNesting + 1)
	g := newGame(h.s.g.start())
	for _, m := range kingWalk(t, plies) {
		if _, err := g.play(m); err != nil {
			t.Fatal(err)
		}
	}
	h.s.g = g
	h.do(`{"type":"goto","node":0}`)
	// Play goes on from two moves further back each time: the first line
	// goes one variation deeper each time, until that would be too deep.
	for ply := plies - 2; ply >= 0; ply -= 2 {
		h.do(fmt.Sprintf(`{"type":"goto","node":%d}`, h.node(ply)))
		before := h.view()
		msg := h.do(`{"type":"move","move":"` + freshMove(t, h.s.g.cursor) + `"}`)
		if ply > 0 && msg != "" {
			t.Fatalf("a new line at ply %d: %s", ply, msg)
		}
		if ply == 0 && (!strings.Contains(msg, "nest") || h.view() != before) {
			t.Errorf("a new line nesting the first %d deep: error %q, state changed %v", pdn.MaxVariationNesting+1, msg, h.view() != before)
		}
	}
	if d := deepestNesting(h.s.g); d != pdn.MaxVariationNesting {
		t.Errorf("deepest nesting %d, want %d", d, pdn.MaxVariationNesting)
	}
	// The game ends and is saved with its variations.
	if msg := h.do(`{"type":"resign"}`); msg != "" {
		t.Errorf("resigning: %s", msg)
	}
	if m, ok := last[pdnMsg](h); !ok || !m.Final || len(h.saved) != 1 {
		t.Errorf("the finished game: final PDN %v, saved %v", ok && m.Final, h.saved)
	}
}

func mustPosition(t *testing.T, text string) engine.Position {
	t.Helper()
	p, err := engine.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMove(t *testing.T, n *node, text string) engine.Move {
	t.Helper()
	m, err := n.pos.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
