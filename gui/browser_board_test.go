// Browser tests of the analysis board's features: the move tree (played,
// navigated by click and keys, promoted, deleted, saved), clocks through a
// take-back and a pause, the tables' and the book's panels, an engine line
// clicked onto the board, the address, the game file of the command line,
// the whole-game review, the token, and the README's screenshot.

package gui

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/explorer"
	"github.com/dameo/dameo/pdn"
)

// key presses a key with the board focused.
func (p *page) key(k string) {
	p.t.Helper()
	p.do(chromedp.Focus(chromedp.CSS(square("a1"))), chromedp.KeyEvent(k))
}

// current is the text of the move list's current move.
func (p *page) current() string {
	return strings.Trim(p.eval(`document.querySelector("#moves .current")?.textContent || ""`), `"`)
}

// text is a JavaScript string value, unquoted.
func (p *page) text(expr string) string {
	s, err := strconv.Unquote(p.eval(expr))
	if err != nil {
		p.t.Fatalf("%s: not a string", expr)
	}
	return s
}

func variations(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.newGame("analyse")
	p.play(false, "c3", "c4")
	p.play(false, "f6", "f5")
	p.play(false, "d3", "d4")
	if got := p.text(`[...document.querySelectorAll("#moves .mv")].map(b => b.textContent).join(" ")`); got != "1. c3-c4 f6-f5 2. d3-d4" {
		t.Errorf("move list %q", got)
	}
	p.click(`#moves .mv`) // c3-c4
	p.wait(`window.dameo.state.ply === 1`)
	p.click(square("e6"))
	p.click(square("e5"))
	p.wait(`document.querySelectorAll("#moves .variation .mv").length === 1`)
	if got := p.text(`window.dameo.moves().join(" ")`); got != "c3-c4 f6-f5 d3-d4" {
		t.Errorf("main line after a variation: %s", got)
	}
	if got := p.current(); !strings.Contains(got, "e6-e5") {
		t.Errorf("current move %q, want the variation's e6-e5", got)
	}
	// Up and down switch between the main line's f6-f5 and the variation;
	// left goes back, right forward along the line.
	p.key(kb.ArrowUp)
	p.wait(`document.querySelector("#moves .current").textContent.includes("f6-f5")`)
	p.key(kb.ArrowDown)
	p.wait(`document.querySelector("#moves .current").textContent.includes("e6-e5")`)
	p.key(kb.ArrowLeft)
	p.wait(`window.dameo.state.ply === 1`)
	p.key(kb.ArrowRight)
	p.wait(`window.dameo.state.ply === 2 && document.querySelector("#moves .current").textContent.includes("f6-f5")`)
	p.key(kb.ArrowDown)
	p.wait(`document.querySelector("#moves .current").textContent.includes("e6-e5")`)
	p.screenshot("variation")
	p.click(`#promote`)
	p.wait(`window.dameo.moves().join(" ") === "c3-c4 e6-e5"`)
	if n := p.eval(`document.querySelectorAll("#moves .variation .mv").length`); n != "2" {
		t.Errorf("after promotion the old line shows %s moves as a variation, want 2", n)
	}
	p.click(`#moves .variation .mv`) // f6-f5 of the old line
	p.wait(`document.querySelector("#moves .current").textContent.includes("f6-f5") && !document.getElementById("delete").disabled`)
	p.click(`#delete`)
	p.wait(`document.querySelectorAll("#moves .variation").length === 0 && window.dameo.state.ply === 1`)
	// A variation goes into the PDN and comes back from it.
	p.click(square("d6"))
	p.click(square("d5"))
	p.wait(`document.querySelectorAll("#moves .variation .mv").length === 1`)
	p.openPanel("pdn-panel")
	p.click(`#save-pdn`)
	p.wait(`document.getElementById("pdn").value.includes("(")`)
	text := p.text(`document.getElementById("pdn").value`)
	games, err := pdn.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if m := games[0].Moves; len(m) != 2 || len(m[1].Variations) != 1 || m[1].Variations[0].Moves[0].Text != "d6-d5" {
		t.Errorf("the PDN's moves %+v", m)
	}
	p.newGame("play-white")
	p.click(`#load-pdn`)
	p.wait(`window.dameo.state.mode === "analyse" && document.querySelectorAll("#moves .variation .mv").length === 1`)
}

func clocksTakeBackAndPause(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.openPanel("new-panel")
	p.do(chromedp.SetValue(chromedp.CSS(`#mode`), "play-white"))
	p.click(`input[name=tc][value=clock]`)
	p.do(chromedp.SetValue(chromedp.CSS(`#minutes`), "1"), chromedp.SetValue(chromedp.CSS(`#increment`), "2"))
	p.click(`#start`)
	p.wait(`window.dameo.state.clock && window.dameo.state.clock.inc === 2`)
	if c := p.text(`document.querySelector("#bottom .clock").textContent`); !strings.Contains(c, "+2s") {
		t.Errorf("White's clock shows %q, want the increment", c)
	}
	p.play(true, "c3", "c4")
	// What the clock showed once the engine had replied.
	shown := p.eval(`JSON.stringify([...window.dameo.tree.values()].find(n => n.id === window.dameo.state.mainEnd).clock)`)
	var white, black float64
	if _, err := fmt.Sscanf(strings.Trim(shown, `"`), "[%g,%g]", &white, &black); err != nil {
		t.Fatalf("the reply's clock %s: %v", shown, err)
	}
	// d3-d4 unless the engine's reply (which depends on its clock) left a
	// capture to make: captures are compulsory.
	next := strings.Trim(p.eval(`(window.dameo.state.legal.find((m) => m.text === "d3-d4") || window.dameo.state.legal[0]).path.join(" ")`), `"`)
	p.play(true, strings.Fields(next)...)
	p.click(`#takeback`)
	p.wait(`window.dameo.moves().length === 2`)
	st := p.eval(`[window.dameo.state.clock.white, window.dameo.state.clock.black, window.dameo.state.clock.running]`)
	var w, b float64
	var running string
	if _, err := fmt.Sscanf(st, "[%g,%g,%q]", &w, &b, &running); err != nil {
		t.Fatalf("clock after take-back %s: %v", st, err)
	}
	if b != black || w > white || w < white-1 || running != "white" {
		t.Errorf("after take-back the clock is %s, want %v (White's running) and %v as after the reply", st, white, black)
	}
	p.click(`#pause`)
	p.wait(`window.dameo.state.clock.paused && window.dameo.state.legal.length === 0`)
	if got := p.text(`document.getElementById("pause").textContent`); got != "Go on" {
		t.Errorf("the pause button says %q", got)
	}
	p.wait(`document.querySelector("#bottom .turn").textContent === "paused"`)
	p.screenshot("paused")
	p.click(`#pause`)
	p.wait(`!window.dameo.state.clock.paused && window.dameo.state.legal.length > 0`)
	p.wait(`document.querySelector("#bottom .turn").textContent.startsWith("this move")`)
}

func flagFall(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	// 1.2 s on the clock: below what the form's steps offer, so sent as
	// the form would.
	p.eval(`window.dameo.ws.send(JSON.stringify({type: "new", mode: "play", color: "white", limit: {minutes: 0.02}}))`)
	p.wait(`window.dameo.state.clock !== undefined && window.dameo.state.result === "0-1"`)
	if r := p.text(`document.getElementById("result").textContent`); !strings.Contains(r, "White lost on time") {
		t.Errorf("result shown %q", r)
	}
	if c := p.text(`document.querySelector("#bottom .clock").className`); !strings.Contains(c, "flagged") {
		t.Errorf("White's clock is of class %q, want flagged", c)
	}
	if got := p.text(`document.querySelector("#bottom .clock").textContent`); !strings.HasPrefix(got, "0:00.0") {
		t.Errorf("White's clock shows %q", got)
	}
}

func tablesAndBookPanels(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.newGame("analyse")
	p.openPanel("book-panel")
	p.wait(`document.querySelectorAll("#book-moves tbody tr").length > 0`)
	first := p.text(`document.querySelector("#book-moves tbody tr td").textContent`)
	p.click(`#book-moves tbody tr`)
	p.wait(fmt.Sprintf(`window.dameo.moves().join(" ") === %q`, first))
	p.openPanel("tables-panel")
	if got, want := p.text(`document.getElementById("tables-value").textContent`), "not in the tables loaded (the largest hold positions of 3 pieces)"; got != want {
		t.Errorf("tables panel on an opening: %q, want %q", got, want)
	}
	const pos = "8/8/8/3b4/8/3w4/8/8 w"
	p.setPosition(pos)
	p.wait(`!document.getElementById("tables-panel").hidden && document.querySelectorAll("#tables-moves tbody tr").length > 0`)
	position, _ := engine.ParsePosition(pos)
	tabs := egtb.Embedded()
	r, _ := tabs.ProbeFull(&position)
	moves, _ := tabs.ProbeFullMoves(&position)
	if got := p.text(`document.getElementById("tables-value").textContent`); got != "White to move: "+r.String() {
		t.Errorf("tables panel says %q, want %v", got, r)
	}
	rows := p.text(`[...document.querySelectorAll("#tables-moves tbody tr")].map(tr => tr.textContent).join("|")`)
	var want []string
	for _, m := range moves {
		want = append(want, position.FormatMove(m.Move)+m.Result.String())
	}
	if rows != strings.Join(want, "|") {
		t.Errorf("tables rows %q, want %q", rows, strings.Join(want, "|"))
	}
	if got := p.text(`document.getElementById("book-info").textContent`); !strings.HasPrefix(got, "not in the book") {
		t.Errorf("book panel on an endgame: %q", got)
	}
	p.click(`#tables-moves tbody tr`)
	p.wait(fmt.Sprintf(`window.dameo.moves().join(" ") === %q`, position.FormatMove(moves[0].Move)))
}

func engineLineClicked(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.openPanel("analysis-panel")
	p.newGame("analyse")
	p.play(false, "c3", "c4")
	p.play(false, "f6", "f5")
	p.click(`#moves .mv`) // back to c3-c4
	p.wait(`window.dameo.state.ply === 1`)
	p.do(chromedp.SetValue(chromedp.CSS(`#multipv`), "2"))
	p.click(`#analyse`)
	p.wait(`document.querySelectorAll("#pvs li.playable").length === 2 && window.dameo.analysis.depth >= 3`)
	p.click(`#analyse`) // stop, so the lines stay as they are
	p.wait(`!window.dameo.state.analysing`)
	lines := p.text(`[...document.querySelectorAll("#pvs li .pv")].map(e => e.textContent).join("|")`)
	var pv []string
	for _, l := range strings.Split(lines, "|") {
		if f := strings.Fields(l); len(f) > 0 && f[0] != "f6-f5" {
			pv = f
		}
	}
	if pv == nil {
		t.Fatalf("no line other than the game's f6-f5: %q", lines)
	}
	p.eval(fmt.Sprintf(`[...document.querySelectorAll("#pvs li")].find(li => li.querySelector(".pv").textContent === %q).click()`, strings.Join(pv, " ")))
	p.wait(fmt.Sprintf(`document.querySelector("#moves .current").textContent.includes(%q)`, pv[0]))
	got := p.text(`[...document.querySelectorAll("#moves .variation .mv")].map(b => b.textContent).join(" ")`)
	for _, m := range pv {
		if !strings.Contains(got, m) {
			t.Errorf("the variation %q lacks the engine's %s (line %v)", got, m, pv)
		}
	}
	if got := p.text(`window.dameo.moves().join(" ")`); got != "c3-c4 f6-f5" {
		t.Errorf("main line %q after the engine's line", got)
	}
}

func addressCarriesThePosition(t *testing.T, browser context.Context) {
	p := openPageAt(t, browser, 1100, 860, Config{}, "#moves=c3-c4,f6-f5")
	p.wait(`window.dameo.state.ply === 2 && window.dameo.moves().join(" ") === "c3-c4 f6-f5" && window.dameo.state.mode === "analyse"`)
	p.play(false, "d3", "d4")
	p.wait(`location.hash.includes("d3-d4")`)
	if h := p.text(`decodeURIComponent(location.hash)`); h != "#moves=c3-c4,f6-f5,d3-d4" {
		t.Errorf("address %q", h)
	}
	p.click(`#moves .mv`)
	p.wait(`location.hash === "#moves=c3-c4"`)
	start := "8/8/8/3b4/3w4/8/8/8 w"
	q := openPageAt(t, browser, 1100, 860, Config{}, "#start="+url.QueryEscape(start))
	q.wait(fmt.Sprintf(`window.dameo.state.start === %q`, start))
}

func gameFileOfTheCommandLine(t *testing.T, browser context.Context) {
	text := "[Event \"file\"]\n1. c3-c4 {the usual} (1. d3-d4 f6-f5) f6-f5 2. d3-d4 *\n"
	p := openPageAt(t, browser, 1100, 860, Config{Open: text}, "")
	p.wait(`window.dameo.moves().join(" ") === "c3-c4 f6-f5 d3-d4" && document.querySelectorAll("#moves .variation .mv").length === 2`)
	if c := p.text(`document.querySelector("#moves .comment").textContent`); c != "the usual" {
		t.Errorf("comment shown %q", c)
	}
	if got := p.eval(`window.dameo.state.mode`); got != `"analyse"` {
		t.Errorf("mode %s", got)
	}
}

func wholeGameReview(t *testing.T, browser context.Context) {
	p := openPageAt(t, browser, 1100, 860, Config{}, "#moves=c3-c4,f6-f5,d3-d4,e6-e5")
	p.wait(`window.dameo.state.ply === 4`)
	p.openPanel("analysis-panel")
	p.click(`#review`)
	p.wait(`window.dameo.state.review && !window.dameo.state.review.running`)
	if n := p.eval(`[...window.dameo.tree.values()].filter(n => n.eval === undefined).length`); n != "0" {
		t.Errorf("%s positions without a score after the review", n)
	}
	if info := p.text(`document.getElementById("review-info").textContent`); !strings.Contains(info, "White:") || !strings.Contains(info, "blunders") {
		t.Errorf("review summary %q", info)
	}
	p.wait(`document.querySelector("#graph .line") !== null`)
	marked := p.eval(`[...window.dameo.tree.values()].filter(n => n.judgement).length`)
	shown := p.eval(`document.querySelectorAll("#moves .mv.inaccuracy, #moves .mv.mistake, #moves .mv.blunder").length`)
	if marked != shown {
		t.Errorf("%s moves judged, %s marked in the move list", marked, shown)
	}
	if tip := p.text(`document.querySelector("#moves .mv").title`); !strings.HasPrefix(tip, "score ") {
		t.Errorf("the first move's tooltip %q has no score", tip)
	}
}

func tokenGuardsThePage(t *testing.T, browser context.Context) {
	p := openPageAt(t, browser, 1100, 860, Config{Token: "s3cret"}, "?token=s3cret")
	p.newGame("analyse")
	p.play(false, "c3", "c4")
}

// readmeScreenshot makes testdata/screenshots/gui.png, which the README
// shows as docs/gui.png (copied by hand): an endgame of three pieces whose
// first move throws the win away, with a variation, reviewed whole; the
// blunder clicked in the review shows the better move's arrow beside the
// explorer's games of the position.
func readmeScreenshot(t *testing.T, browser context.Context) {
	const start = "8/8/8/3b4/3b4/8/3W4/8 w" // d2-d1 draws, d2-c3 wins
	g := screenshotGame(t, start, "d2-d1")
	x, err := explorer.New(explorer.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var games strings.Builder
	for i, m := range []struct{ move, result string }{{"d2-c3", "1-0"}, {"d2-c3", "1-0"}, {"d2-c3", "1/2-1/2"}, {"d2-e3", "1-0"}, {"d2-d1", "1/2-1/2"}} {
		fmt.Fprintf(&games, "[Round \"%d\"]\n[FEN \"%s\"]\n[Result \"%s\"]\n1. %s %s\n\n", i+1, start, m.result, m.move, m.result)
	}
	if st, err := x.Read(strings.NewReader(games.String())); err != nil || st.Games != 5 {
		t.Fatalf("the screenshot's explorer: %+v, %v", st, err)
	}
	p := openPageAt(t, browser, 1100, 900, Config{Open: g, Explorer: x}, "")
	p.wait(`document.querySelectorAll("#moves .variation .mv").length > 0`)
	p.openPanel("explorer-panel")
	p.openPanel("analysis-panel")
	p.click(`#review`)
	p.wait(`window.dameo.state.review && !window.dameo.state.review.running && document.querySelectorAll("#review-moves li").length > 0`)
	p.click(`#review-moves li`)
	p.wait(`window.dameo.state.ply === 0 && !document.getElementById("arrow").hasAttribute("hidden") && document.querySelectorAll("#explorer-moves tbody tr").length === 3`)
	p.screenshot("gui")
}

// screenshotGame is a PDN game from start: first, then three plies of the
// first legal moves, with the second legal move as a variation of the
// second ply.
func screenshotGame(t *testing.T, start, first string) string {
	p, err := engine.ParsePosition(start)
	if err != nil {
		t.Fatal(err)
	}
	r := &pdn.Game{Result: pdn.Unfinished}
	r.SetTag(pdn.TagFEN, start)
	for ply := range 4 {
		var texts []string
		for _, m := range p.LegalMoves() {
			texts = append(texts, p.FormatMove(m))
		}
		slices.Sort(texts)
		if ply == 0 {
			texts = append([]string{first}, texts...)
		}
		if len(texts) < 2 {
			t.Fatalf("ply %d of the screenshot's game has %d moves", ply, len(texts))
		}
		mv := pdn.Move{Text: texts[0]}
		if ply == 1 {
			mv.Variations = []pdn.Variation{{Moves: []pdn.Move{{Text: texts[1]}}}}
		}
		r.Moves = append(r.Moves, mv)
		m, _ := p.ParseMove(texts[0])
		p = p.Play(m)
	}
	text, err := pdn.Format(r)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// longGameMoveIsAppended: on a game of 3,000 plies a move is added to the
// move list as it stands (a mark put on its first button survives), not by
// drawing the list again.
func longGameMoveIsAppended(t *testing.T, browser context.Context) {
	walk := kingWalk(t, 3001)
	p := openPage(t, browser, 1100, 860)
	msg := jsonOf(request{Type: reqOpen, Text: walkStart, Moves: walk[:3000]})
	p.eval(fmt.Sprintf(`window.dameo.ws.send(%q)`, msg))
	p.wait(`window.dameo.state.ply === 3000 && document.querySelectorAll("#moves .mv").length === 3000`)
	p.eval(`document.querySelector("#moves .mv").dataset.probe = "kept"`)
	path := strings.FieldsFunc(walk[3000], func(r rune) bool { return r == '-' })
	p.play(false, path...)
	p.wait(`document.querySelectorAll("#moves .mv").length === 3001`)
	if got := p.eval(`document.querySelector("#moves .mv").dataset.probe`); got != `"kept"` {
		t.Errorf("the move list was drawn again (probe %s)", got)
	}
	if got := p.text(`document.querySelector("#moves .current").textContent`); !strings.HasSuffix(got, walk[3000]) {
		t.Errorf("current move %q, want %s", got, walk[3000])
	}
}
