// Tests of the 4×3 patterns: contents against a square by square
// reference, the mirror image sharing values, and kings left out.

package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

// referencePatterns are the table indices of p's 4×3 patterns, one square at
// a time from the side to move's view: the smaller of the reading of the
// pattern and of its mirror image.
func referencePatterns(p *engine.Position) [NumPatterns]int32 {
	us := p.SideToMove()
	own, enemy := engine.Orient(p.Men(us), us), engine.Orient(p.Men(us.Other()), us)
	state := func(sq int) int32 {
		switch {
		case own>>sq&1 != 0:
			return 1
		case enemy>>sq&1 != 0:
			return 2
		}
		return 0
	}
	var idx [NumPatterns]int32
	for r := range 6 {
		for f := range 5 {
			var c, m, pow int32 = 0, 0, 1
			for i := range 3 {
				for j := range 4 {
					c += state(8*(r+i)+f+j) * pow
					m += state(8*(r+i)+f+3-j) * pow
					pow *= 3
				}
			}
			idx[5*r+f] = min(c, m)
		}
	}
	return idx
}

func TestPatternsMatchReference(t *testing.T) {
	matchesReference(t, 100, "patterns", PatternContents, referencePatterns)
	for _, tc := range []struct {
		pos  string
		want int32 // pattern a1–d3
	}{
		{"8/8/8/8/8/8/8/w7 w", 1},    // own man on a1: digit 0
		{"8/8/8/8/8/8/8/3w4 w", 1},   // d1 is a1 in the mirror image
		{"8/8/8/8/8/8/1b6/8 w", 486}, // enemy man on b2: digit 5, 2·3^5 (mirrored: c2, digit 6, 2·3^6)
		{"8/8/8/8/8/w7/8/8 w", 6561}, // a3: digit 8
		{"8/8/8/8/8/8/8/W7 w", 0},    // a king is not in the patterns
		{"b7/8/8/8/8/8/8/8 b", 1},    // Black's a8 is its own a1
	} {
		p, err := engine.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		var idx [NumPatterns]int32
		PatternContents(&p, &idx)
		if idx[0] != tc.want {
			t.Errorf("%s: pattern a1–d3 holds %d, want %d", tc.pos, idx[0], tc.want)
		}
	}
}

// mirrorFiles is p with its files mirrored (a ↔ h).
func mirrorFiles(t *testing.T, p *engine.Position) engine.Position {
	t.Helper()
	m := func(b engine.Bitboard) engine.Bitboard {
		var out engine.Bitboard
		for sq := range 64 {
			if b>>sq&1 != 0 {
				out |= 1 << (sq ^ 7)
			}
		}
		return out
	}
	q, err := engine.NewPosition(m(p.Pieces(engine.White)), m(p.Pieces(engine.Black)),
		m(p.Kings(engine.White)|p.Kings(engine.Black)), p.SideToMove())
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestPatternsAndKingsMirrorShared: with random weights for the king
// squares and the patterns only, a position and its mirror image evaluate
// alike.
func TestPatternsAndKingsMirrorShared(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	w := NewWeights()
	for i := kingSquaresOffset; i < NumParams; i++ {
		w.MG[i], w.EG[i] = int16(rng.IntN(201)-100), int16(rng.IntN(201)-100)
	}
	e := mustEvaluator(w)
	positions := gamePositions(40)
	differ := 0
	for i := range positions {
		p := &positions[i]
		q := mirrorFiles(t, p)
		if a, b := e.Evaluate(p), e.Evaluate(&q); a != b {
			t.Fatalf("%v: %d, its mirror image %v: %d", p, a, &q, b)
		}
		if q != *p {
			differ++
		}
	}
	if differ < len(positions)/2 {
		t.Fatalf("only %d positions differ from their mirror images", differ)
	}
}

// TestMirrorReading: mirroring a reading twice gives it back, a reading
// and its mirror image share a table index, and the Evaluator holds the
// same value at both (the search indexes by the reading itself).
func TestMirrorReading(t *testing.T) {
	if got := mirrorReading(1); got != pow3(patternFiles-1) {
		t.Errorf("mirror of a man on digit 0: %d, want %d", got, pow3(patternFiles-1))
	}
	e := Default()
	for c := int32(0); c < PatternConfigs; c += 7 {
		m := mirrorReading(c)
		if want := mirrorDigits(c); m != want {
			t.Fatalf("reading %d: mirror %d, digit by digit %d", c, m, want)
		}
		if mirrorReading(m) != c {
			t.Fatalf("reading %d: mirrored twice gives %d", c, mirrorReading(m))
		}
		if canonical(c) != canonical(m) || canonical(c) > c {
			t.Fatalf("reading %d and its mirror %d: indices %d and %d", c, m, canonical(c), canonical(m))
		}
		for tb := range NumPatternTables {
			if e.patterns[tb][c] != e.patterns[tb][m] {
				t.Fatalf("table %d: reading %d holds %v, its mirror %d holds %v", tb, c, e.patterns[tb][c], m, e.patterns[tb][m])
			}
		}
	}
}

// mirrorDigits is mirrorReading digit by digit: the digit of file j and
// rank i goes to file 3−j of rank i.
func mirrorDigits(c int32) int32 {
	var m int32
	for i := range patternRanks {
		for j := range patternFiles {
			m += c % 3 * pow3(patternFiles*i+patternFiles-1-j)
			c /= 3
		}
	}
	return m
}
