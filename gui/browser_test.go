// End-to-end tests in a real browser: headless Chromium, driven through
// chromedp, plays on the page against the real `dameo hub`. Without a
// browser they skip, except in CI (CI=true), where they fail. Screenshots go
// to testdata/screenshots (not committed) for people to review.

package gui

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testbin"
)

// screenshotDir receives the screenshots of the browser tests.
const screenshotDir = "testdata/screenshots"

// page is a browser tab on a fresh GUI server.
type page struct {
	t   *testing.T
	ctx context.Context
	url string // the server's
}

// newBrowser starts headless Chromium for the subtests of t, and ends it
// when t ends.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	browser := findBrowser()
	if browser == "" {
		browserMissing(t, "no chromium, chromium-browser or google-chrome on PATH")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		browserMissing(t, fmt.Sprintf("%s does not start: %v", browser, err))
	}
	return ctx
}

// openPage opens, in a new tab of browser sized width × height, the page of
// a new GUI server whose engine is the real dameo hub, with the built-in
// tables and book.
func openPage(t *testing.T, browser context.Context, width, height int) *page {
	t.Helper()
	return openPageAt(t, browser, width, height, Config{}, "")
}

// openPageAt is openPage of a server configured as cfg (its engines set
// here), at the page's address with suffix ("?token=...", "#moves=...").
func openPageAt(t *testing.T, browser context.Context, width, height int, cfg Config, suffix string) *page {
	t.Helper()
	bin := testbin.Build(t, "cmd/dameo", false)
	cfg.Engines = []hubclient.Spec{{Name: "dameo", Command: []string{bin, "hub"}}}
	cfg.Tables = egtb.Embedded()
	b, err := book.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Book = b
	srv := New(cfg)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return openTab(t, browser, width, height, ts.URL, suffix)
}

// openTab opens, in a new tab of browser sized width × height, the page of
// the GUI server at url, at the page's address with suffix.
func openTab(t *testing.T, browser context.Context, width, height int, url, suffix string) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // opens the tab, for as long as ctx lives
		t.Fatal(err)
	}
	p := &page{t, ctx, url}
	p.do(chromedp.EmulateViewport(int64(width), int64(height)), chromedp.Navigate(url+"/"+suffix))
	p.wait(`window.dameo.state !== null && window.dameo.engines.length === 1`)
	return p
}

func findBrowser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// browserMissing fails the test in CI and skips it elsewhere.
func browserMissing(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("browser test in CI: %s", why)
	}
	t.Skipf("browser test skipped: %s", why)
}

// do runs browser actions, each within 20 seconds.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// wait waits until the JavaScript expression is true.
func (p *page) wait(expr string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		p.t.Fatalf("waiting for %s: %v (status: %q)", expr, err, p.eval(`document.getElementById("status").textContent`))
	}
}

// eval is the value of a JavaScript expression, as JSON text.
func (p *page) eval(expr string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr))
	if err != nil {
		p.t.Fatal(err)
	}
	return string(v)
}

// click clicks the element of the CSS selector.
func (p *page) click(sel string) { p.t.Helper(); p.do(chromedp.Click(chromedp.CSS(sel))) }

// square is the CSS selector of a board square.
func square(name string) string { return fmt.Sprintf(`#board [data-sq="%s"]`, name) }

// label is the accessible label of a square.
func (p *page) label(sq string) string {
	return strings.Trim(p.eval(fmt.Sprintf(`document.querySelector('%s').getAttribute("aria-label")`, square(sq))), `"`)
}

// screenshot saves the page as testdata/screenshots/<name>.png.
func (p *page) screenshot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(screenshotDir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// setPosition sets up a position from its text in the Position panel.
func (p *page) setPosition(text string) {
	p.t.Helper()
	p.openPanel("position-panel")
	p.do(chromedp.SetValue(chromedp.CSS(`#position-text`), text))
	p.click(`#load-position`)
	p.wait(fmt.Sprintf(`window.dameo.state.text === %q && window.dameo.state.mode === "analyse"`, text))
}

// openPanel opens a details panel of the page.
func (p *page) openPanel(id string) {
	p.eval(fmt.Sprintf(`document.getElementById(%q).open = true`, id))
}

// newGame starts a game in the mode of the New game form, with 0.1 s a move.
func (p *page) newGame(mode string) {
	p.t.Helper()
	line := p.eval(`window.dameo.state.line`)
	p.openPanel("new-panel")
	p.do(chromedp.SetValue(chromedp.CSS(`#mode`), mode), chromedp.SetValue(chromedp.CSS(`#movetime`), "0.1"))
	p.click(`#start`)
	p.wait(`window.dameo.state.line > ` + line)
}

// play enters a move by clicking its squares and waits until the line has
// one move more (and the engine's reply, when reply is set).
func (p *page) play(reply bool, squares ...string) {
	p.t.Helper()
	n, _ := strconv.Atoi(p.eval(`window.dameo.moves().length`))
	for _, sq := range squares {
		p.click(square(sq))
	}
	if reply {
		n++
	}
	p.wait(fmt.Sprintf(`window.dameo.moves().length === %d`, n+1))
}

func TestBrowser(t *testing.T) {
	browser := newBrowser(t)
	t.Run("PlayAMoveAndSeeTheReply", func(t *testing.T) { playAMoveAndSeeTheReply(t, browser) })
	t.Run("TwoLegCaptureClickedLegByLeg", func(t *testing.T) { twoLegCaptureClickedLegByLeg(t, browser) })
	t.Run("TokenGuardsThePage", func(t *testing.T) { tokenGuardsThePage(t, browser) })
	if !*browserFull {
		t.Log("the smoke test only; -browser-full runs every flow (.ci/run does)")
		return
	}
	t.Run("AnalysisShowsPV", func(t *testing.T) { analysisShowsPV(t, browser) })
	t.Run("PDNExportReplays", func(t *testing.T) { pdnExportReplays(t, browser) })
	t.Run("PositionEditorAndText", func(t *testing.T) { positionEditorAndText(t, browser) })
	t.Run("PhoneLayout", func(t *testing.T) { phoneLayout(t, browser) })
	t.Run("VariationsPlayedNavigatedPromotedDeleted", func(t *testing.T) { variations(t, browser) })
	t.Run("ClocksTakeBackAndPause", func(t *testing.T) { clocksTakeBackAndPause(t, browser) })
	t.Run("FlagFall", func(t *testing.T) { flagFall(t, browser) })
	t.Run("TablesAndBookPanels", func(t *testing.T) { tablesAndBookPanels(t, browser) })
	t.Run("EngineLineClickedIntoTheTree", func(t *testing.T) { engineLineClicked(t, browser) })
	t.Run("AddressCarriesThePosition", func(t *testing.T) { addressCarriesThePosition(t, browser) })
	t.Run("GameFileOfTheCommandLine", func(t *testing.T) { gameFileOfTheCommandLine(t, browser) })
	t.Run("WholeGameReview", func(t *testing.T) { wholeGameReview(t, browser) })
	t.Run("LongGameMoveIsAppended", func(t *testing.T) { longGameMoveIsAppended(t, browser) })
	t.Run("Screenshot", func(t *testing.T) { readmeScreenshot(t, browser) })
}

func playAMoveAndSeeTheReply(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.newGame("play-white")
	if l := p.label("c3"); !strings.Contains(l, "white man") || !strings.Contains(l, "can move") {
		t.Errorf("c3 is labelled %q", l)
	}
	p.click(square("c3"))
	p.wait(`document.querySelector('[data-sq="c4"]').classList.contains("target")`)
	p.play(true, "c4")
	reply := strings.Trim(p.eval(`window.dameo.state.last.path.at(-1)`), `"`)
	if l := p.label(reply); !strings.Contains(l, "black man") {
		t.Errorf("the engine's reply ends on %s, labelled %q", reply, l)
	}
	if l := p.label("c4"); !strings.Contains(l, "white man") {
		t.Errorf("c4 after c3-c4 is labelled %q", l)
	}
	if n := p.eval(`document.querySelectorAll("#board .sq.last").length`); n != "2" {
		t.Errorf("%s squares marked as the last move, want 2", n)
	}
	p.screenshot("play")
}

func twoLegCaptureClickedLegByLeg(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	// d3 takes d4 and lands on d5, then takes d6 (to d7) or c5 (to b5).
	p.setPosition("8/8/3b4/2b5/3b4/3w4/8/8 w")
	p.click(square("d3"))
	p.wait(`document.querySelector('[data-sq="d5"]').classList.contains("target")`)
	if got := p.eval(`[...document.querySelectorAll("#board .dest")].map(b => b.dataset.sq).sort().join(" ")`); got != `"b5 d7"` {
		t.Errorf("final squares marked %s, want b5 d7", got)
	}
	p.click(square("d5"))
	p.wait(`[...document.querySelectorAll("#board .target")].map(b => b.dataset.sq).sort().join(" ") === "b5 d7"`)
	p.screenshot("capture-half-way")
	p.click(square("d7"))
	p.wait(`window.dameo.moves().length === 1`)
	if got := p.eval(`window.dameo.moves()[0]`); got != `"d3xd5xd7"` {
		t.Errorf("played %s, want d3xd5xd7", got)
	}
	if got := p.eval(`[...document.querySelectorAll("#board .taken-mark")].map(b => b.dataset.sq).sort().join(" ")`); got != `"d4 d6"` {
		t.Errorf("captured squares marked %s, want d4 d6", got)
	}
	if l := p.label("d7"); !strings.Contains(l, "white man") {
		t.Errorf("d7 is labelled %q", l)
	}
	p.screenshot("capture")
}

func analysisShowsPV(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.openPanel("analysis-panel")
	p.newGame("analyse")
	p.play(false, "c3", "c4")
	p.play(false, "f6", "f5")
	p.play(false, "d3", "d4")
	p.do(chromedp.SetValue(chromedp.CSS(`#multipv`), "3"))
	p.click(`#analyse`)
	p.wait(`document.querySelectorAll("#pvs li").length === 3 && !document.getElementById("arrow").hasAttribute("hidden") && window.dameo.analysis.depth >= 4`)
	if info := p.eval(`document.getElementById("info").textContent`); !strings.Contains(info, "depth") || !strings.Contains(info, " M nodes/s, ") || strings.Contains(info, "another position") {
		t.Errorf("analysis info %s", info)
	}
	p.wait(`document.querySelector("#graph .line") !== null`)
	p.screenshot("analysis")
	// The keyboard's arrows step through the game; a click on the graph's
	// left end goes to the start.
	p.do(chromedp.Focus(chromedp.CSS(square("a1"))), chromedp.KeyEvent(kb.ArrowLeft))
	p.wait(`window.dameo.state.ply === 2`)
	p.click(`#graph`) // the middle: ply 2 of 3 rounds to 2
	p.do(chromedp.Click(chromedp.CSS(`#first`)))
	p.wait(`window.dameo.state.ply === 0`)
	p.do(chromedp.Focus(chromedp.CSS(square("a1"))), chromedp.KeyEvent(kb.ArrowRight))
	p.wait(`window.dameo.state.ply === 1`)
}

func pdnExportReplays(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.newGame("analyse")
	p.play(false, "c3", "c4")
	p.play(false, "c6", "c5")
	p.play(false, "c4", "c6") // c4xc6
	p.openPanel("pdn-panel")
	p.click(`#save-pdn`)
	p.wait(`document.getElementById("pdn").value.includes("[GameType")`)
	text := strings.Trim(p.eval(`document.getElementById("pdn").value`), `"`)
	text = strings.ReplaceAll(strings.ReplaceAll(text, `\n`, "\n"), `\"`, `"`)
	g := replay(t, text)
	if want := []string{"c3-c4", "c6-c5", "c4xc6"}; !slices.Equal(g.MoveTexts(), want) {
		t.Errorf("PDN moves %v, want %v", g.MoveTexts(), want)
	}
	// Loading it back gives the same line, at its start.
	p.click(`#first`)
	p.wait(`window.dameo.state.ply === 0`)
	p.newGame("play-white")
	p.click(`#load-pdn`)
	p.wait(`window.dameo.state.mode === "analyse" && window.dameo.moves().join(" ") === "c3-c4 c6-c5 c4xc6" && window.dameo.state.ply === 0`)
}

func positionEditorAndText(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 1100, 860)
	p.openPanel("position-panel")
	p.click(`#edit`)
	p.click(`#edit-clear`)
	p.click(`input[name=piece][value=W]`)
	p.click(square("d4"))
	p.click(`input[name=piece][value=b]`)
	p.click(square("d6"))
	p.do(chromedp.SetValue(chromedp.CSS(`#edit-side`), "B"))
	if l := p.label("d4"); !strings.Contains(l, "white king") {
		t.Errorf("d4 in the editor is labelled %q", l)
	}
	p.screenshot("editor")
	p.click(`#edit-done`)
	p.wait(`window.dameo.state.text === "8/8/3b4/8/3W4/8/8/8 b"`)
	if got := p.eval(`document.getElementById("position-text").value`); got != `"8/8/3b4/8/3W4/8/8/8 b"` {
		t.Errorf("position text shown %s", got)
	}
	// A position from text, and a bad one refused with a message.
	p.do(chromedp.SetValue(chromedp.CSS(`#position-text`), "8/8/8/8/8/8/8/8 q"))
	p.click(`#load-position`)
	p.wait(`document.getElementById("status").classList.contains("error")`)
	p.setPosition("8/8/8/3b4/3w4/8/8/8 w")
	if l := p.label("d5"); !strings.Contains(l, "black man") {
		t.Errorf("d5 is labelled %q", l)
	}
}

func phoneLayout(t *testing.T, browser context.Context) {
	p := openPage(t, browser, 390, 844)
	width := p.eval(`Math.round(document.getElementById("board").getBoundingClientRect().right)`)
	if w := strings.Trim(width, `"`); w > "390" && len(w) >= 3 {
		t.Errorf("the board reaches x=%s on a 390-pixel screen", w)
	}
	if scroll := p.eval(`document.documentElement.scrollWidth <= 390`); scroll != "true" {
		t.Errorf("the page scrolls sideways on a phone")
	}
	p.screenshot("phone")
}
