// In-process tests of searches and the ordering rules: exactly one done per
// go (also after stop), pong during a search, other lines ending the search
// and handled after done, pondering with ponder-hit and stop, analysis with
// multipv, positions without a move, and quitting or EOF mid-search.

package protocol

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

func TestGoThink(t *testing.T) {
	h := start(t, nil)
	h.send("level depth=1", "go think")
	info := h.expectPrefix("info ")
	want := `info depth=1 seldepth=3 score=0.12 nodes=1000 time=1.5 nps=2.50 hashfull=7 pv="`
	if !strings.HasPrefix(info, want) {
		t.Errorf("info line %q, want it to start with %q", info, want)
	}
	done := h.expectPrefix("done move=")
	if !strings.Contains(done, " ponder=") {
		t.Errorf("done line %q without ponder", done)
	}
	// The answer's move is legal and the line parses.
	l, err := hub.Parse(done)
	if err != nil {
		t.Fatal(err)
	}
	p := engine.StartPosition()
	mv, _ := l.Get("move")
	if _, err := p.ParseMove(mv); err != nil {
		t.Errorf("done move %s: %v", mv, err)
	}
	h.sync() // exactly one done
	h.finish()
}

func TestGoErrors(t *testing.T) {
	h := start(t, nil)
	for _, line := range []string{"go", "go think ponder", "go analyze think", "go fast"} {
		h.send(line)
		h.expect(`error message="go needs exactly one of think, ponder and analyze"`)
	}
	h.sync()
	h.finish()
	if calls := h.fake.Calls(); len(calls) != 0 {
		t.Errorf("searcher calls %v after bad go lines", calls)
	}
}

func TestStopAndPing(t *testing.T) {
	h := start(t, nil)
	h.send("go think") // no limit: runs until stop
	h.expectPrefix("info ")
	h.sync() // pong during the search, and no done yet
	h.send("stop", "stop", "ponder-hit")
	h.expectPrefix("done move=")
	h.sync() // one done only, later stops ignored
	h.finish()
}

func TestOtherLineEndsSearch(t *testing.T) {
	h := start(t, nil)
	for _, tt := range []struct{ line, answer string }{
		{"moves", `moves list="`},
		{"frobnicate", `error message="unknown command frobnicate"`},
		{`pos fen="bad`, `error message="malformed line`},
		{"go think", "info "}, // a new search after the done of the old one
	} {
		h.send("go analyze")
		h.expectPrefix("info ")
		h.send(tt.line)
		h.expectPrefix("done move=")
		h.expectPrefix(tt.answer)
		if tt.line == "go think" {
			h.send("stop")
			h.expectPrefix("done move=")
		}
		h.sync()
	}
	h.finish()
}

func TestPonder(t *testing.T) {
	h := start(t, nil)
	// ponder-hit: no done before it; afterwards the search runs on its clock.
	h.send("set-param name=ponder value=true", "level time=10 inc=1", "go ponder")
	h.expectPrefix("info ")
	h.quiet()
	h.sync()
	h.send("ponder-hit")
	h.expectPrefix("done move=")
	h.sync()
	l := h.fake.Limits()[0]
	if !l.Ponder || l.Infinite || l.Time == 0 {
		t.Errorf("ponder limits %+v", l)
	}
	// stop: done at once.
	h.send("level time=10", "go ponder")
	h.expectPrefix("info ")
	h.send("stop")
	h.expectPrefix("done move=")
	h.sync()
	// ponder-hit straight after go (before the search may have started),
	// then the search still ends on its own.
	for i := 0; i < 20; i++ {
		h.send("level time=10", "go ponder", "ponder-hit")
		h.until("done move=")
	}
	h.sync()
	// A ponder search without limits becomes an infinite one on ponder-hit.
	h.send("go ponder", "ponder-hit")
	h.expectPrefix("info ")
	h.quiet()
	h.send("stop")
	h.expectPrefix("done move=")
	h.finish()
}

func TestPonderHeldAnswers(t *testing.T) {
	var loads []string
	h := start(t, bookConfig(t, &loads))
	// A book move while pondering waits for ponder-hit.
	h.send("go ponder")
	h.quiet()
	h.send("ponder-hit")
	h.expect("done move=d3-d4")
	// No legal move: a bare done, after stop.
	h.send(`pos fen="8/8/8/8/8/8/8/B7 w"`, "go ponder")
	h.quiet()
	h.send("stop")
	h.expect("done")
	// ... or when another line comes.
	h.send(`pos fen="8/8/8/8/8/8/8/B7 w"`, "go ponder", "moves")
	h.expect("done", `moves list="" result=loss`)
	h.finish()
	// The first go does the init the front-end skipped; no search.
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"SetOptions 1 16"}) {
		t.Errorf("searcher calls %v, want only the options of the implied init", calls)
	}
}

func TestNoLegalMove(t *testing.T) {
	h := start(t, nil)
	for _, mode := range []string{"think", "analyze"} {
		h.send(`pos fen="8/8/8/8/8/8/8/B7 w"`, "go "+mode)
		h.expect("done")
		h.sync()
	}
	h.finish()
}

func TestAnalyzeMultiPV(t *testing.T) {
	h := start(t, nil)
	h.send("set-param name=multipv value=3", "level depth=4 time=5", "go analyze")
	for k := 1; k <= 3; k++ {
		l := h.expectPrefix("info ")
		if !strings.Contains(l, " multipv="+string(rune('0'+k))+" ") {
			t.Errorf("info line %q lacks multipv=%d", l, k)
		}
	}
	h.expectPrefix("done move=")
	want := search.Limits{Depth: 4, MultiPV: 3, Analysis: true, Overhead: h.fake.Limits()[0].Overhead}
	if got := h.fake.Limits()[0]; got != want {
		t.Errorf("analysis limits %+v, want %+v (clock ignored)", got, want)
	}
	// multipv=1: no multipv field.
	h.send("set-param name=multipv value=1", "level depth=4", "go analyze")
	if l := h.expectPrefix("info "); strings.Contains(l, "multipv") {
		t.Errorf("info line %q has multipv with multipv=1", l)
	}
	h.expectPrefix("done")
	// Without a limit analysis runs until stop.
	h.send("go analyze")
	h.expectPrefix("info ")
	h.quiet()
	h.send("stop")
	h.expectPrefix("done move=")
	h.finish()
}

func TestIllegalSearchMove(t *testing.T) {
	h := start(t, nil)
	h.fake.move = engine.Move{From: 0, To: 63}
	h.send("level depth=1", "go think")
	h.expectPrefix("info ")
	done := h.expectPrefix("done move=")
	l, _ := hub.Parse(done)
	mv, _ := l.Get("move")
	p := engine.StartPosition()
	if _, err := p.ParseMove(mv); err != nil {
		t.Errorf("done move %s is not legal: %v", mv, err)
	}
	h.finish()
}

// A stop owes its done even when the input ends, or quit comes, before the
// stopped search has returned. Found by a script's one-shot use,
// `printf 'go analyze\nstop\n' | dameo hub`, which lost the done in about
// one run in eight.
func TestStopThenEndStillAnswers(t *testing.T) {
	for _, last := range []string{"", "quit"} {
		h := start(t, nil)
		h.fake.lag = 100 * time.Millisecond
		h.send("go analyze")
		h.expectPrefix("info ")
		h.send("stop")
		if last != "" {
			h.send(last)
		}
		h.in.Close()
		h.expectPrefix("done move=")
		h.ended()
	}
}

func TestQuitAndEOFMidSearch(t *testing.T) {
	h := start(t, nil)
	h.send("go analyze")
	h.expectPrefix("info ")
	h.send("quit")
	h.ended()

	h = start(t, nil)
	h.send("set-param name=ponder value=true", "go ponder")
	h.expectPrefix("info ")
	h.finish()
}
