// Tests of the search output: scores, times, speeds, variations and the
// done line's checks.

package protocol

import (
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

func TestInfoNumbers(t *testing.T) {
	p := engine.StartPosition()
	tests := []struct {
		s    search.Score
		want string
	}{
		{0, "0.00"}, {35, "0.35"}, {-35, "-0.35"}, {5, "0.05"}, {-5, "-0.05"},
		{100, "1.00"}, {-1234, "-12.34"},
		{search.Win - 7, "99.93"}, {-(search.Win - 7), "-99.93"},
		{search.Win - 1, "99.99"}, {search.Win, "100.00"},
	}
	for _, tt := range tests {
		if got, _ := infoLine(p, search.Info{Score: tt.s}, false).Get("score"); got != tt.want {
			t.Errorf("score %d written as %s, want %s", tt.s, got, tt.want)
		}
	}
	l := infoLine(p, search.Info{Time: 1500 * time.Millisecond, NPS: 2_345_678}, false)
	if got, _ := l.Get("time"); got != "1.5" {
		t.Errorf("time 1.5s written as %s", got)
	}
	if got, _ := l.Get("nps"); got != "2.35" {
		t.Errorf("2345678 nodes/s written as %s", got)
	}
}

// mustMove parses a move of p or fails the test.
func mustMove(t *testing.T, p engine.Position, s string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestInfoLine(t *testing.T) {
	p := engine.StartPosition()
	m1 := mustMove(t, p, "c3-c4")
	p2 := p.Play(m1)
	m2 := mustMove(t, p2, "c6-c5")
	bad := engine.Move{From: 0, To: 63}
	in := search.Info{Depth: 5, SelDepth: 9, Score: -42, Nodes: 123456, Time: 250 * time.Millisecond, NPS: 493824, Hashfull: 3, MultiPV: 2, PV: []engine.Move{m1, m2, bad, m1}}
	want := `info depth=5 seldepth=9 score=-0.42 nodes=123456 time=0.25 nps=0.49 hashfull=3 multipv=2 pv="c3-c4 c6-c5"`
	if got := infoLine(p, in, true).String(); got != want {
		t.Errorf("infoLine = %s\nwant       %s", got, want)
	}
	in.PV = nil
	want = `info depth=5 seldepth=9 score=-0.42 nodes=123456 time=0.25 nps=0.49 hashfull=3 pv=""`
	if got := infoLine(p, in, false).String(); got != want {
		t.Errorf("infoLine = %s\nwant       %s", got, want)
	}
	in.TBHits = 17
	want = `info depth=5 seldepth=9 score=-0.42 nodes=123456 time=0.25 nps=0.49 hashfull=3 tbhits=17 pv=""`
	if got := infoLine(p, in, false).String(); got != want {
		t.Errorf("infoLine with table hits = %s\nwant       %s", got, want)
	}
}

func TestDoneLine(t *testing.T) {
	p := engine.StartPosition()
	m1 := mustMove(t, p, "c3-c4")
	m2 := mustMove(t, p.Play(m1), "c6-c5")
	l, ok := doneLine(p, search.Result{Move: m1, Ponder: m2, HasMove: true})
	if got := l.String(); !ok || got != "done move=c3-c4 ponder=c6-c5" {
		t.Errorf("doneLine = %s, %v", got, ok)
	}
	// An illegal ponder move is left out; an illegal move falls back to a
	// legal one and is flagged.
	l, ok = doneLine(p, search.Result{Move: m1, Ponder: m1, HasMove: true})
	if got := l.String(); !ok || got != "done move=c3-c4" {
		t.Errorf("doneLine with a bad ponder move = %s, %v", got, ok)
	}
	l, ok = doneLine(p, search.Result{Move: engine.Move{From: 0, To: 63}, HasMove: true})
	if ok || len(l.Args) != 1 || l.Args[0].Name != "move" {
		t.Errorf("doneLine with an illegal move = %s, %v", l, ok)
	} else if _, err := p.ParseMove(l.Args[0].Value); err != nil {
		t.Errorf("fallback move %s: %v", l.Args[0].Value, err)
	}
	l, ok = doneLine(p, search.Result{})
	if ok || len(l.Args) != 1 {
		t.Errorf("doneLine without a move in a position with moves = %s, %v", l, ok)
	}
	lost, err := engine.ParsePosition("8/8/8/8/8/8/8/B7 w")
	if err != nil {
		t.Fatal(err)
	}
	l, ok = doneLine(lost, search.Result{})
	if got := l.String(); !ok || got != "done" {
		t.Errorf("doneLine without legal moves = %s, %v", got, ok)
	}
}
