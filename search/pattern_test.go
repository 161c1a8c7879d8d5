// Tests of the pattern evaluation: window contents against a square by
// square reference, the pattern evaluator against features plus table
// lookups, no allocation, and the cost of an evaluation with patterns.

package search

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

// referenceWindows are the windows' contents of p, one square at a time
// from the side to move's view (Black's board turned by engine.Orient).
func referenceWindows(p *engine.Position) [NumWindows]uint8 {
	us := p.SideToMove()
	var idx [NumWindows]uint8
	for r := range 7 {
		for f := range 7 {
			c, pow := 0, 1
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} { // file, rank steps
				bit := engine.Bitboard(1) << (8*(r+d[1]) + f + d[0])
				switch {
				case engine.Orient(p.Pieces(us), us)&bit != 0:
					c += pow
				case engine.Orient(p.Pieces(us.Other()), us)&bit != 0:
					c += 2 * pow
				}
				pow *= 3
			}
			idx[7*r+f] = uint8(c)
		}
	}
	return idx
}

func randomPatterns(rng *rand.Rand) *Patterns {
	var pt Patterns
	for w := range pt {
		for c := range pt[w] {
			pt[w][c] = Pair{int32(rng.IntN(41) - 20), int32(rng.IntN(41) - 20)}
		}
	}
	return &pt
}

// TestPatternsMatchReference: the windows' contents match the reference,
// and a pattern evaluator's score is the tapered sum of the weights and
// the table values of those contents.
func TestPatternsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	positions := gamePositions(100)
	w := randomWeights(rng, 50)
	pt := randomPatterns(rng)
	e := NewPatternEvaluator(w, pt)
	pt[0][0] = Pair{1000, 1000} // the evaluator has its own copy
	for i := range positions {
		p := &positions[i]
		var idx [NumWindows]uint8
		WindowIndices(p, &idx)
		if want := referenceWindows(p); idx != want {
			t.Fatalf("%v: windows %v, reference %v", p, idx, want)
		}
		var f Features
		f.Count(p)
		var mg, eg int32
		for w, c := range idx {
			if c == 0 {
				continue // an empty window adds nothing
			}
			v := e.patterns[w/windowsPerLine][c]
			mg, eg = mg+int32(v.mg), eg+int32(v.eg)
		}
		if got, want := e.Evaluate(p), f.dotPlus(&w, mg, eg); got != want {
			t.Fatalf("%v: evaluation %d, weights and table lookups %d", p, got, want)
		}
	}
	if e.patterns[0][0] == (packedPair{1000, 1000}) {
		t.Errorf("changing the patterns after NewPatternEvaluator changed the evaluator")
	}
}

// TestWindowsSeeOwnAndEnemy: the start position seen by White and by
// Black has the same windows (it is symmetric), and a lone man is in the
// windows around its square as an own piece or an enemy one.
func TestWindowsSeeOwnAndEnemy(t *testing.T) {
	white := engine.StartPosition()
	black, err := engine.ParsePosition(engine.StartText[:len(engine.StartText)-1] + "b")
	if err != nil {
		t.Fatal(err)
	}
	var a, b [NumWindows]uint8
	WindowIndices(&white, &a)
	WindowIndices(&black, &b)
	if a != b {
		t.Errorf("the start position's windows differ by the side to move:\n%v\n%v", a, b)
	}
	for _, tc := range []struct {
		pos  string
		want uint8 // the contents of window a1–b2
	}{
		{"8/8/8/8/8/8/8/w7 w", 1},  // own piece lower left
		{"8/8/8/8/8/8/8/1B6 w", 6}, // enemy piece lower right: 2×3
		{"8/8/8/8/8/8/w7/8 w", 9},  // own piece upper left: 3²
		{"8/8/8/8/8/8/1W6/8 w", 27},
		{"b7/8/8/8/8/8/8/8 b", 1}, // Black's a8 is its own a1 corner
	} {
		p, err := engine.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		WindowIndices(&p, &a)
		if a[0] != tc.want {
			t.Errorf("%s: window a1–b2 holds %d, want %d", tc.pos, a[0], tc.want)
		}
	}
}

func TestPatternValuesHeldInInt16(t *testing.T) {
	var pt Patterns
	pt[0][1] = Pair{MG: 1 << 20, EG: -1 << 20}
	pt[0][2] = Pair{MG: -123, EG: 456}
	pt[5][0] = Pair{MG: 7, EG: 7} // an empty window: adds nothing
	pp := pt.pack()
	if pp[0][1] != (packedPair{32767, -32767}) || pp[0][2] != (packedPair{-123, 456}) || pp[5][0] != (packedPair{}) {
		t.Errorf("packed %v %v %v", pp[0][1], pp[0][2], pp[5][0])
	}
}

func TestPatternEvaluateAllocatesNothing(t *testing.T) {
	ps := gamePositions(2)
	e := NewPatternEvaluator(DefaultWeights(), randomPatterns(rand.New(rand.NewPCG(1, 1))))
	var idx [NumWindows]uint8
	allocs := testing.AllocsPerRun(10, func() {
		for i := range ps {
			e.Evaluate(&ps[i])
			WindowIndices(&ps[i], &idx)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per %d positions", allocs, len(ps))
	}
}

func BenchmarkPatternEvaluateGames(b *testing.B) {
	ps := gamePositions(20)
	e := NewPatternEvaluator(DefaultWeights(), randomPatterns(rand.New(rand.NewPCG(1, 1))))
	for b.Loop() {
		for i := range ps {
			e.Evaluate(&ps[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/eval")
}
