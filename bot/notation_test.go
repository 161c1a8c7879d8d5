// Tests of the conversion of moves between the server and the engine.

package bot

import (
	"slices"
	"testing"

	"github.com/dameo/dameo/engine"
)

func TestReplayMoves(t *testing.T) {
	for _, tc := range []struct {
		moves   string
		partial string // the capture in progress, as jumps
		line    string // the complete moves in the engine's notation
		bad     bool
	}{
		{moves: "", line: ""},
		{moves: "c3c4 f6f5", line: "c3-c4 f6-f5"},
		{moves: "c1c4", line: "c1-c4"}, // a linear move over c2 and c3
		// After e4-e5 Black must capture: d5d4 is a step that is no longer
		// legal, d5f5 a one-jump capture told from a step by the rules.
		{moves: "e3e4 d6d5 e4e5 d5d4", bad: true},
		{moves: "e3e4 d6d5 e4e5 d5f5", line: "e3-e4 d6-d5 e4-e5 d5xf5"},
		{moves: "e3e4 d6d5 e4e5 e6e4", line: "e3-e4 d6-d5 e4-e5 e6xe4"},
		{moves: "c3c4K f6f5", line: "c3-c4 f6-f5"}, // the crowning mark is ignored
		{moves: "c3c5", bad: true},
		{moves: "c3c4 c4c5", bad: true}, // not Black's piece
		{moves: "c3c4,c4c5", bad: true},
		{moves: "c3", bad: true},
		{moves: "z3c4", bad: true},
	} {
		r, err := replayMoves(engine.StartPosition(), tc.moves)
		if (err != nil) != tc.bad {
			t.Errorf("%q: error %v, want bad=%v", tc.moves, err, tc.bad)
			continue
		}
		if err != nil {
			continue
		}
		if got := engineMoves(r.game); got != tc.line {
			t.Errorf("%q: %q, want %q", tc.moves, got, tc.line)
		}
		if got := pathText(r.partial); got != tc.partial {
			t.Errorf("%q: partial %q, want %q", tc.moves, got, tc.partial)
		}
	}
}

// A game with captures: the start, the engine's moves, and the server's
// turns, one from the other.
func TestMovesBothWays(t *testing.T) {
	p, err := engine.ParsePosition("8/3b4/8/b2b4/w2w4/8/8/8 w")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("d4xd6xd8")
	if err != nil {
		t.Fatal(err)
	}
	jumps := serverJumps(&p, m)
	if !slices.Equal(jumps, []string{"d4d6", "d6d8"}) {
		t.Fatalf("jumps %q", jumps)
	}
	// The first jump alone is a capture in progress; a4a6 is no move at
	// all (the majority rule); both jumps are the move.
	r, err := replayMoves(p, "d4d6")
	if err != nil || pathText(r.partial) != "d4d6" || len(r.game.Moves()) != 0 {
		t.Errorf("d4d6: %v, partial %q", err, pathText(r.partial))
	}
	if _, err := replayMoves(p, "a4a6"); err == nil {
		t.Errorf("a4a6 accepted")
	}
	if _, err := replayMoves(p, "d4d6 a5a4"); err == nil {
		t.Errorf("an unfinished capture followed by another turn accepted")
	}
	r, err = replayMoves(p, "d4d6,d6d8K")
	if err != nil || r.partial != nil || engineMoves(r.game) != "d4xd6xd8" {
		t.Errorf("d4d6,d6d8K: %v, %q", err, engineMoves(r.game))
	}

	// A single jump that is a capture: the king's long leap.
	k, _ := engine.ParsePosition("8/8/8/8/3B4/3w4/8/8 b")
	r, err = replayMoves(k, "d4d1")
	if err != nil || engineMoves(r.game) != "d4xd1" {
		t.Errorf("d4d1 by a king over d3: %v, %q", err, engineMoves(r.game))
	}
	// The same jump with nothing to take is a quiet slide.
	q, _ := engine.ParsePosition("8/8/8/8/3B4/8/8/8 b")
	r, err = replayMoves(q, "d4d1")
	if err != nil || engineMoves(r.game) != "d4-d1" {
		t.Errorf("d4d1 by a king alone: %v, %q", err, engineMoves(r.game))
	}
	if got := serverJumps(&q, q.LegalMoves()[0]); len(got) != 1 || len(got[0]) != 4 {
		t.Errorf("a quiet move as jumps: %q", got)
	}
}

func TestPolicy(t *testing.T) {
	p := Policy{Rated: true, Min: Clock{Base: 60e9}, Max: Clock{Base: 600e9}}
	ch := func(variant string, limit, inc int, rated, bot bool) *Challenge {
		return &Challenge{ID: "x", Variant: Variant{Key: variant}, Rated: rated,
			TimeControl: TimeControl{Type: "clock", Limit: limit, Increment: inc}, Compat: &Compat{Bot: bot}}
	}
	for _, tc := range []struct {
		c    *Challenge
		want string
	}{
		{ch("dameo", 180, 2, true, true), ""},
		{ch("chess", 180, 2, true, true), reasonVariant},
		{ch("dameo", 180, 2, true, false), reasonGeneric},
		{ch("dameo", 180, 2, false, true), reasonRated},
		{ch("dameo", 30, 0, true, true), reasonTooFast},
		{ch("dameo", 30, 1, true, true), ""}, // 30 + 40 × 1 = 70 seconds
		{ch("dameo", 600, 1, true, true), reasonTooSlow},
		{&Challenge{Variant: Variant{Key: "dameo"}, Rated: true, TimeControl: TimeControl{Type: "unlimited"}}, reasonTimeControl},
	} {
		if got := p.Decide(tc.c); got != tc.want {
			t.Errorf("%+v: %q, want %q", *tc.c, got, tc.want)
		}
	}
	if got := (Policy{Casual: true}).Decide(ch("dameo", 60, 0, true, true)); got != reasonCasual {
		t.Errorf("rated to a casual-only bot: %q", got)
	}
}

func TestParseClock(t *testing.T) {
	for s, want := range map[string]Clock{"300+3": {300e9, 3e9}, "60": {Base: 60e9}, "0.5+0.1": {5e8, 1e8}} {
		if got, err := ParseClock(s); err != nil || got != want {
			t.Errorf("%q: %v, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "+", "1+", "-1", "NaN", "1e3", "3+x", "99999999999"} {
		if c, err := ParseClock(s); err == nil {
			t.Errorf("%q accepted as %v", s, c)
		}
	}
}
