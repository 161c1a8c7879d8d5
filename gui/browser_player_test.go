// Browser tests of the board as a player meets it: the start's choice, the
// board facing the player and the controls of each mode, the review that
// teaches (marks with the better move and what was lost, a summary, a
// stop), the evaluation bar, graph and arrows, the move box, the compact
// book, the link, and the explorer's panel.

package gui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func TestBrowserPlayer(t *testing.T) {
	browser := newBrowser(t)
	t.Run("StartChoiceAndFacingThePlayer", func(t *testing.T) { facingThePlayer(t, browser) })
	if !*browserFull {
		t.Log("the smoke test only; -browser-full runs every flow (.ci/run does)")
		return
	}
	t.Run("ReviewTeaches", func(t *testing.T) { reviewTeaches(t, browser) })
	t.Run("EvaluationBarGraphAndArrows", func(t *testing.T) { evaluationShown(t, browser) })
	t.Run("MoveBoxBookLinkExplorer", func(t *testing.T) { moveBoxBookLinkExplorer(t, browser) })
	t.Run("LevelChosenWithTheGame", func(t *testing.T) { levelChosen(t, browser) })
	t.Run("LargeFileRefusedBeforeSending", func(t *testing.T) { largeFileRefused(t, browser) })
	t.Run("FileOfManyGamesOpened", func(t *testing.T) { fileOfManyGamesOpened(t, browser) })
	t.Run("StaleErrorGoesWithANewGame", func(t *testing.T) { staleErrorGoesWithANewGame(t, browser) })
	t.Run("TakeBackWaitsForThePlayersMove", func(t *testing.T) { takeBackWaitsForThePlayersMove(t, browser) })
}

// staleErrorGoesWithANewGame: an error in the status line (the engine
// exited) goes when the player starts a new game or loads a position, which
// show their own status; an error of the new game, which the server sends
// before the game's first state (here: another page holds the server's one
// engine), stays.
func staleErrorGoesWithANewGame(t *testing.T, browser context.Context) {
	p := openPageAt(t, browser, 1100, 860, Config{MaxEngines: 1}, "")
	p.newGame("play-white")
	fail := func() {
		p.eval(`window.dameo.receive({type: "error", message: "engine dameo exited"})`)
		p.wait(`document.getElementById("status").classList.contains("error")`)
	}
	statusIs := func(after, want string, isError bool) {
		t.Helper()
		got, class := p.text(`document.getElementById("status").textContent`), p.text(`document.getElementById("status").className`)
		if !strings.Contains(got, want) || (class == "error") != isError {
			t.Errorf("after %s the status is %q (class %q), want %q (an error: %v)", after, got, class, want, isError)
		}
	}
	fail()
	p.newGame("play-white")
	statusIs("a new game", "White to move", false)
	fail()
	p.setPosition("8/8/8/3b4/3w4/8/8/8 w")
	statusIs("a position loaded", "White to move", false)
	q := openTab(t, browser, 1100, 860, p.url, "")
	q.newGame("play-black")
	q.wait(`window.dameo.moves().length === 1`)
	p.newGame("play-black")
	statusIs("a new game without an engine free", "no engine free", true)
}

// takeBackWaitsForThePlayersMove: playing Black, Take back stays disabled
// after the engine's first move (taken back, the engine would only play it
// again) until the player has moved; then it takes back the player's move
// and the reply, and is disabled again.
func takeBackWaitsForThePlayersMove(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.newGame("play-black")
	p.wait(`window.dameo.moves().length === 1`)
	if p.eval(`document.getElementById("takeback").disabled`) != "true" {
		t.Error("playing Black, Take back is enabled after the engine's first move, before the player's")
	}
	p.play(true, strings.Fields(p.text(`window.dameo.state.legal[0].path.join(" ")`))...)
	if p.eval(`document.getElementById("takeback").disabled`) != "false" {
		t.Fatal("Take back is disabled after the player's move and the reply")
	}
	p.click(`#takeback`)
	p.wait(`window.dameo.moves().length === 1 && window.dameo.state.side === "black"`)
	if p.eval(`document.getElementById("takeback").disabled`) != "true" {
		t.Error("Take back is enabled after the take-back, with only the engine's first move left")
	}
}

// fileOfManyGamesOpened: a PDN file of many games (2 MiB, within what the
// server reads) opens its first game on the board, and the PDN panel shows
// that game, not the whole file (which the page took a minute to lay out).
func fileOfManyGamesOpened(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.click(`#choose-open`)
	file := filepath.Join(t.TempDir(), "games.pdn")
	game := "[Event \"later\"]\n[Result \"1-0\"]\n1. d3-d4 f6-f5 1-0\n\n"
	text := "[Event \"first\"]\n[Result \"*\"]\n1. c3-c4 f6-f5 2. d3-d4 *\n\n" + strings.Repeat(game, (2<<20)/len(game))
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.SetUploadFiles(chromedp.CSS(`#pdn-file`), []string{file}))
	p.wait(`window.dameo.moves().join(" ") === "c3-c4 f6-f5 d3-d4"`)
	p.wait(`document.getElementById("pdn").value.includes("c3-c4")`)
	if got := p.text(`document.getElementById("pdn").value`); strings.Contains(got, "later") || len(got) > 1000 {
		t.Errorf("the PDN panel holds %d characters after a file of games was opened, want its first game's: %.200q", len(got), got)
	}
}

// largeFileRefused: a PDN file larger than the server reads in one message
// is refused on the page, with a message, before it is sent (the server
// would close the connection, and the game with it), and the game goes on.
func largeFileRefused(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.newGame("play-white")
	p.play(true, "c3", "c4")
	big := filepath.Join(t.TempDir(), "games.pdn")
	game := "[Result \"1-0\"]\n1. c3-c4 f6-f5 1-0\n\n"
	if err := os.WriteFile(big, []byte(strings.Repeat(game, maxMessage/len(game)+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ input, want string }{{"#pdn-file", "MiB is more than the 4.0 MiB the server reads at once"}, {"#explorer-file", "--games FILE.pdn"}} {
		p.eval(`document.getElementById("status").textContent = ""`)
		p.do(chromedp.SetUploadFiles(chromedp.CSS(c.input), []string{big}))
		p.wait(`document.getElementById("status").textContent !== ""`)
		if got := p.text(`document.getElementById("status").textContent`); !strings.Contains(got, c.want) {
			t.Errorf("a file too large for the server in %s: the page says %q, want %q", c.input, got, c.want)
		}
		if ws := p.eval(`window.dameo.ws.readyState`); ws != "1" {
			t.Fatalf("the WebSocket's state is %s after a file too large, want 1 (open)", ws)
		}
	}
	next := p.text(`(window.dameo.state.legal.find((m) => m.text === "d3-d4") || window.dameo.state.legal[0]).path.join(" ")`)
	p.play(true, strings.Fields(next)...)
}

// levelChosen: the New game form offers the server's levels, highest and
// chosen first, for a game against the engine only (none when the server
// has none), and sends the level chosen (the engine of this test may not
// know the parameter: the request is what is checked; the server's use of
// it is TestLevelForTheEnginesMovesOnly's).
func levelChosen(t *testing.T, browser context.Context) {
	p := openPageAt(t, browser, 1100, 860, Config{Levels: testLevels}, "")
	p.click(`#choose-play`)
	if !p.visible(`#level`) {
		t.Fatal("no strength offered for a game against the engine")
	}
	if got := p.text(`Array.from(document.getElementById("level").options, (o) => o.text).join("|")`); !strings.HasPrefix(got, "12 · full strength (Elo 1200)|11 · Elo 1100|") || !strings.HasSuffix(got, "|0 · Elo 0") {
		t.Errorf("the strengths offered: %s", got)
	}
	if got := p.text(`document.getElementById("level").value`); got != "12" {
		t.Errorf("strength %s chosen at first, want the full engine's 12", got)
	}
	if got := p.text(`document.querySelector("#level option[value='5']").title`); got != "test level 5" {
		t.Errorf("level 5's title %q, want its description", got)
	}
	p.do(chromedp.SetValue(chromedp.CSS(`#mode`), "analyse"))
	p.eval(`document.getElementById("mode").dispatchEvent(new Event("change"))`)
	if p.visible(`#level`) {
		t.Error("a strength offered on the analysis board")
	}
	p.do(chromedp.SetValue(chromedp.CSS(`#mode`), "play-white"), chromedp.SetValue(chromedp.CSS(`#level`), "5"))
	p.eval(`(() => { const ws = window.dameo.ws, send = ws.send.bind(ws); window.sent = []; ws.send = (m) => { window.sent.push(JSON.parse(m)); send(m); }; })()`)
	p.click(`#start`)
	p.wait(`window.sent.length > 0`)
	if got := p.text(`JSON.stringify(window.sent[0])`); !strings.Contains(got, `"mode":"play"`) || !strings.Contains(got, `"level":5`) {
		t.Errorf("the new game sent %s, want level 5", got)
	}
	// The engine's name above the board carries its level and Elo.
	name := fmt.Sprintf("● dameo (level 5, Elo %d)", testLevels[5].Elo)
	p.wait(`document.querySelector("#top .name").textContent === ` + strconv.Quote(name))
	q := openPage(t, browser, 1100, 860) // a server without levels
	q.click(`#choose-play`)
	if q.visible(`#level`) {
		t.Error("a strength offered by a server without levels")
	}
}

// visible reports whether the element of the CSS selector is shown.
func (p *page) visible(sel string) bool {
	return p.eval(`(() => { const e = document.querySelector(`+strconv.Quote(sel)+`); return !!e && e.offsetParent !== null; })()`) == "true"
}

func facingThePlayer(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	// The page starts with a choice on a still analysis board, not a game.
	if !p.visible(`#start-choice`) || p.text(`window.dameo.state.mode`) != "analyse" || p.text(`window.dameo.state.thinking || ""`) != "" {
		t.Errorf("start: choice shown %v, mode %s", p.visible(`#start-choice`), p.eval(`window.dameo.state.mode`))
	}
	if p.visible(`#resign`) || p.visible(`#takeback`) || !p.visible(`#promote`) || !p.visible(`#delete`) {
		t.Error("the analysis board shows a game's controls or lacks its own")
	}
	if got := p.text(`document.querySelector("#bottom .name").textContent`); got != "○ White" {
		t.Errorf("the analysis board's bottom player %q, want ○ White", got)
	}
	p.click(`#choose-play`)
	p.wait(`document.getElementById("new-panel").open && document.getElementById("mode").value === "play-white"`)
	if p.visible(`#start-choice`) {
		t.Error("the choice stays after it was made")
	}
	p.newGame("play-black")
	p.wait(`window.dameo.state.player === "black" && window.dameo.moves().length === 1`)
	if first := p.text(`document.querySelector("#board .sq").dataset.sq`); first != "h1" {
		t.Errorf("playing Black, the board's first square is %s, want h1 (Black at the bottom)", first)
	}
	if got := p.text(`document.querySelector("#bottom .name").textContent`); got != "● you" {
		t.Errorf("the bottom player %q, want ● you", got)
	}
	if !p.visible(`#resign`) || !p.visible(`#takeback`) || !p.visible(`#pause`) || p.visible(`#promote`) || p.visible(`#delete`) {
		t.Error("a game against the engine lacks Resign, Take back or Pause, or shows Promote or Delete")
	}
	p.screenshot("player-black")
	p.click(`#flip`)
	p.wait(`document.querySelector("#board .sq").dataset.sq === "a8"`)
	// The record is dated.
	p.openPanel("pdn-panel")
	p.click(`#save-pdn`)
	p.wait(`document.getElementById("pdn").value.includes("[Date")`)
	if pdnText := p.text(`document.getElementById("pdn").value`); !regexp.MustCompile(`\[Date "\d{4}\.\d\d\.\d\d"\]`).MatchString(pdnText) {
		t.Errorf("the PDN's date: %s", pdnText)
	}
}

func reviewTeaches(t *testing.T, browser context.Context) {
	// d3-d4 loses where d3-e4 draws (the tables say so); then Black takes.
	p := openPageAt(t, browser, 1100, 900, Config{}, "#start=8/8/8/3b4/8/3w4/8/8+w&moves=d3-d4")
	p.wait(`window.dameo.state.ply === 1 && !document.querySelector("#start-choice").offsetParent`)
	p.openPanel("analysis-panel")
	p.do(chromedp.SetValue(chromedp.CSS(`#review-amount`), "20000"))
	p.click(`#review`)
	p.wait(`window.dameo.state.review && !window.dameo.state.review.running && document.querySelectorAll("#review-moves li").length === 1`)
	n := p.text(`JSON.stringify([...window.dameo.tree.values()].find(n => n.text === "d3-d4"))`)
	if !strings.Contains(n, `"judgement":"??"`) || !strings.Contains(n, `"by":"tables"`) || !strings.Contains(n, `"better":["d3-e4"]`) {
		t.Errorf("d3-d4 after the review: %s", n)
	}
	item := p.text(`document.querySelector("#review-moves li").textContent`)
	for _, want := range []string{"1. d3-d4??", "blunder", "by the tables", "lost 50%", "better d3-e4"} {
		if !strings.Contains(item, want) {
			t.Errorf("the marked move reads %q, without %q", item, want)
		}
	}
	if info := p.text(`document.getElementById("review-info").textContent`); !strings.Contains(info, "White: 0 inaccuracies, 0 mistakes, 1 blunders, average loss 50.0%") {
		t.Errorf("review summary %q", info)
	}
	if marks, judged := p.eval(`document.querySelectorAll("#graph .mark").length`), p.eval(`[...window.dameo.tree.values()].filter(n => n.judgement).length`); marks != judged {
		t.Errorf("%s marks on the graph, %s moves judged", marks, judged)
	}
	// A click on the marked move shows the position before it with the
	// better move's arrow, d3 to e4.
	p.click(`#review-moves li`)
	p.wait(`window.dameo.state.ply === 0 && !document.getElementById("arrow").hasAttribute("hidden")`)
	if got := p.eval(`["x1","y1","x2","y2"].map(a => document.getElementById("arrow").getAttribute(a)).join(" ")`); got != `"3.5 5.5 4.5 4.5"` {
		t.Errorf("the better move's arrow at %s, want d3 (3.5 5.5) to e4 (4.5 4.5)", got)
	}
	p.screenshot("review")
	// A long review shows its progress and stops when asked.
	q := openPageAt(t, browser, 1100, 900, Config{}, "#moves=c3-c4,f6-f5,d3-d4,e6-e5,b2-c3,d7-e6")
	q.wait(`window.dameo.state.ply === 6`)
	q.openPanel("analysis-panel")
	q.do(chromedp.SetValue(chromedp.CSS(`#review-amount`), "50000000"))
	q.click(`#review`)
	q.wait(`window.dameo.state.review && window.dameo.state.review.running`)
	if !q.visible(`#review-progress`) || !q.visible(`#review-stop`) {
		t.Error("a running review shows no progress or no stop")
	}
	q.click(`#review-stop`)
	q.wait(`!window.dameo.state.review.running && !window.dameo.state.thinking`)
	if q.visible(`#review-stop`) {
		t.Error("the stop stays after the review stopped")
	}
}

func evaluationShown(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.click(`#choose-analyse`)
	p.play(false, "c3", "c4")
	p.do(chromedp.SetValue(chromedp.CSS(`#multipv`), "3"))
	p.click(`#analyse`)
	p.wait(`window.dameo.analysis && window.dameo.analysis.lines.length === 3 && window.dameo.analysis.depth >= 4 && document.querySelectorAll(".arrow-alt").length >= 1`)
	p.wait(`!document.getElementById("evalbar").hidden`)
	h, _ := strconv.ParseFloat(strings.TrimSuffix(p.text(`document.getElementById("evalbar-fill").style.height`), "%"), 64)
	if h <= 0 || h >= 100 {
		t.Errorf("the evaluation bar's White share %v%%", h)
	}
	if n := p.eval(`document.querySelectorAll("#graph-axis span").length`); n != "5" {
		t.Errorf("%s labels on the graph's axis, want 5", n)
	}
	// The value under the pointer.
	p.eval(`(() => { const r = document.getElementById("graph").getBoundingClientRect(); document.getElementById("graph").dispatchEvent(new MouseEvent("mousemove", {clientX: r.right - 1, clientY: r.top + 10, bubbles: true})); })()`)
	if tip := p.text(`document.getElementById("graph-tip").textContent`); !strings.HasPrefix(tip, "1. c3-c4: ") {
		t.Errorf("the graph's value at its right end %q", tip)
	}
	p.screenshot("evaluation")
	p.click(`#analyse`)
	p.wait(`!window.dameo.state.analysing`)
}

func moveBoxBookLinkExplorer(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.click(`#choose-analyse`)
	if got, want := p.eval(`document.querySelectorAll("#legal-moves option").length`), p.eval(`window.dameo.state.legal.length`); got != want {
		t.Errorf("%s moves offered for completion, %s legal", got, want)
	}
	// A move typed as its squares, one in notation, and one refused.
	typeMove := func(text string) {
		p.do(chromedp.SetValue(chromedp.CSS(`#move-input`), text), chromedp.SendKeys(chromedp.CSS(`#move-input`), kb.Enter))
	}
	typeMove("c3c4")
	p.wait(`window.dameo.moves().join(" ") === "c3-c4"`)
	typeMove("f6-f5")
	p.wait(`window.dameo.moves().join(" ") === "c3-c4 f6-f5"`)
	typeMove("a1a8")
	p.wait(`document.getElementById("status").classList.contains("error")`)
	// The link is readable, and copied.
	if h := p.text(`location.hash`); h != "#moves=c3-c4,f6-f5" {
		t.Errorf("address %q, want #moves=c3-c4,f6-f5", h)
	}
	p.click(`#copy-link`)
	p.wait(`document.getElementById("status").textContent.includes("link")`)
	// The book shows its best few moves, the rest on demand.
	p.click(`#first`)
	p.wait(`window.dameo.state.ply === 0`)
	p.openPanel("book-panel")
	p.wait(`document.querySelectorAll("#book-moves tbody tr").length === 5`)
	all := p.text(`window.dameo.state.book.moves.length.toString()`)
	if more := p.text(`document.getElementById("book-more").textContent`); more != "all "+all+" moves" {
		t.Errorf("book's button %q with %s moves", more, all)
	}
	p.click(`#book-more`)
	p.wait(`document.querySelectorAll("#book-moves tbody tr").length === ` + all)
	p.click(`#book-more`)
	// The explorer's panel draws the state's explorer field when the
	// server sends one; a click plays the move.
	p.eval(`window.dameo.receive({...window.dameo.state, tree: undefined, explorer: {games: 10, moves: [{move: "c3-c4", games: 8, whiteWins: 4, draws: 2, blackWins: 2}, {move: "d3-d4", games: 2, whiteWins: 0, draws: 0, blackWins: 2}]}})`)
	p.openPanel("explorer-panel")
	p.wait(`!document.getElementById("explorer-panel").hidden && document.querySelectorAll("#explorer-moves tbody tr").length === 2`)
	if got := p.text(`[...document.querySelectorAll("#explorer-moves tbody tr:first-child .wdb span")].map(s => s.style.width).join(" ")`); got != "50% 25% 25%" {
		t.Errorf("the first move's White/draw/Black bar %q", got)
	}
	p.screenshot("explorer")
	p.click(`#explorer-moves tbody tr:nth-child(2)`)
	p.wait(`window.dameo.state.cursor !== 0 && document.querySelector("#moves .current").textContent.includes("d3-d4")`)
	// The server's own explorer (empty here) replaces the rows.
	p.wait(`document.querySelectorAll("#explorer-moves tbody tr").length === 0`)
	if got := p.text(`document.getElementById("explorer-info").textContent`); got != "no game reached this position" {
		t.Errorf("the empty explorer says %q", got)
	}
}
