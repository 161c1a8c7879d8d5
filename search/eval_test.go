// Tests and benchmarks of the static evaluation: its features on hand-made
// positions, features·weights against Evaluate, the weight vectors, and the
// cost of an evaluation.

package search

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

// gamePositions are the positions of n random games of at most 200 plies
// from the start position (a fixed seed, so always the same ones).
func gamePositions(n int) []engine.Position {
	rng := rand.New(rand.NewPCG(11, 12))
	var ps []engine.Position
	for range n {
		p := engine.StartPosition()
		for range 200 {
			ps = append(ps, p)
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	return ps
}

// randomWeights are weights drawn from [-limit, limit].
func randomWeights(rng *rand.Rand, limit int) Weights {
	var w Weights
	for t := range w {
		w[t] = Pair{int32(rng.IntN(2*limit+1) - limit), int32(rng.IntN(2*limit+1) - limit)}
	}
	return w
}

func TestFeaturesAndEvaluateHandMade(t *testing.T) {
	for _, tc := range []struct {
		pos    string
		counts map[Term]int32 // the others are 0
		phase  int32
		score  Score // with the hand-set weights
	}{
		// Symmetric: only the tempo counts.
		{engine.StartText, map[Term]int32{TermTempo: 1}, 36, 5},
		// A lone man about to crown: MG 100+12+30-3+6+5 = 150,
		// EG 100+45+60-1+9+5 = 218, (150×1 + 218×35) / 36 = 216.
		{"8/3w4/8/8/8/8/8/8 w", map[Term]int32{
			TermMan: 1, TermAdvance7: 1, TermPromotionThreat: 1, TermFlankImbalance: 1, TermManMobility: 3, TermTempo: 1,
		}, 1, 216},
		// The same for Black, mirrored.
		{"8/8/8/8/8/8/3b4/8 b", map[Term]int32{
			TermMan: 1, TermAdvance7: 1, TermPromotionThreat: 1, TermFlankImbalance: 1, TermManMobility: 3, TermTempo: 1,
		}, 1, 216},
		// Seen from the other side: (-140×1 - 208×35) / 36 = -206 (truncated).
		{"8/8/8/8/8/8/3b4/8 w", map[Term]int32{
			TermMan: -1, TermAdvance7: -1, TermPromotionThreat: -1, TermFlankImbalance: -1, TermManMobility: -3, TermTempo: 1,
		}, 1, -206},
		// A king in the corner, all endgame: 300 + 3 + 5.
		{"8/8/8/8/8/8/8/W7 w", map[Term]int32{TermKing: 1, TermKingMobility: 3, TermTempo: 1}, 0, 308},
		// Men face to face: all cancels but the side to move's man en prise.
		{"8/8/8/3b4/3w4/8/8/8 b", map[Term]int32{TermThreatened: 1, TermTempo: 1}, 2, -15},
		// Two white men side by side on their first rank against a king:
		// MG 200+16+4+12-301+5 = -64, EG 200-8+2+18-303+5 = -86,
		// (-64×2 - 86×34) / 36 = -84 (truncated).
		{"B7/8/8/8/8/8/8/3ww3 w", map[Term]int32{
			TermMan: 2, TermBackRank: 2, TermPhalanx: 1, TermManMobility: 6, TermKing: -1, TermKingMobility: -3, TermTempo: 1,
		}, 2, -84},
	} {
		p, err := engine.ParsePosition(tc.pos)
		if err != nil {
			t.Fatalf("%q: %v", tc.pos, err)
		}
		var f Features
		f.Count(&p)
		for term := range NumTerms {
			if f.Counts[term] != tc.counts[term] {
				t.Errorf("%q: %v counts %d, want %d", tc.pos, term, f.Counts[term], tc.counts[term])
			}
		}
		if f.Phase != tc.phase {
			t.Errorf("%q: phase %d, want %d", tc.pos, f.Phase, tc.phase)
		}
		hand := HandWeights()
		if got := hand.Evaluate(&p); got != tc.score {
			t.Errorf("%q: evaluation %d, want %d", tc.pos, got, tc.score)
		}
	}
}

// TestFeaturesDotWeights: on the positions of random games, with the
// default and with random weights, the evaluation is the features times the
// weights, both as Dot and as the dot product of the flat vectors.
func TestFeaturesDotWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	positions := gamePositions(30)
	for i := range 20 {
		w := DefaultWeights()
		if i > 0 {
			w = randomWeights(rng, 100)
		}
		e := NewEvaluator(w)
		wv := w.Vector()
		for j := range positions {
			p := &positions[j]
			var f Features
			f.Count(p)
			score := e.Evaluate(p)
			if d := f.Dot(&w); d != score {
				t.Fatalf("%v: Dot %d, Evaluate %d", p, d, score)
			}
			fv := f.Vector()
			var dot float64
			for k := range fv {
				dot += fv[k] * wv[k]
			}
			if score.IsWin() || score == maxEval || score == -maxEval {
				t.Fatalf("%v: evaluation %d out of range", p, score)
			}
			// Evaluate truncates toward zero; the float sum may miss a whole
			// number by a rounding error.
			if want := math.Trunc(dot + math.Copysign(1e-9, dot)); float64(score) != want {
				t.Fatalf("%v: evaluation %d, features·weights %.6f", p, score, dot)
			}
		}
	}
}

func TestWeightsVector(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := range 100 {
		w := DefaultWeights()
		if i > 0 {
			w = randomWeights(rng, 1000)
		}
		if got := WeightsFromVector(w.Vector()); got != w {
			t.Fatalf("round trip of %v gave %v", w, got)
		}
	}
	var v [NumParams]float64
	v[0], v[1], v[2], v[3], v[4], v[5] = 1e12, -1e12, math.NaN(), 2.5, -2.4, math.Inf(1)
	w := WeightsFromVector(v)
	want := Pair{MaxWeight, -MaxWeight}
	if w[TermMan] != want || w[TermKing] != (Pair{0, 3}) || w[TermBackRank] != (Pair{-2, MaxWeight}) {
		t.Errorf("from %v: %v %v %v", v[:6], w[TermMan], w[TermKing], w[TermBackRank])
	}
	if w.Vector()[2*TermTempo+1] != 0 {
		t.Errorf("untouched value became %v", w.Vector()[2*TermTempo+1])
	}
}

// TestEvaluationBounded: huge weights still give scores below the scores
// of forced results.
func TestEvaluationBounded(t *testing.T) {
	var w Weights
	w[TermMan] = Pair{MaxWeight, MaxWeight}
	p := engine.StartPosition()
	q, err := engine.ParsePosition("8/8/8/8/8/8/8/wwwwwww1 w")
	if err != nil {
		t.Fatal(err)
	}
	if s := w.Evaluate(&p); s != 0 {
		t.Errorf("start position: %d, want 0", s)
	}
	if s := w.Evaluate(&q); s != WinBound-1 {
		t.Errorf("seven men against none: %d, want %d", s, WinBound-1)
	}
	w[TermMan] = Pair{-MaxWeight, -MaxWeight}
	if s := w.Evaluate(&q); s != -(WinBound - 1) {
		t.Errorf("seven men against none, negative weight: %d, want %d", s, -(WinBound - 1))
	}
}

func TestTermNames(t *testing.T) {
	seen := map[string]bool{}
	for term := range NumTerms {
		name := term.String()
		if name == "" || seen[name] {
			t.Errorf("term %d: name %q empty or repeated", term, name)
		}
		seen[name] = true
	}
	if TermAdvance2.String() != "Advance2" || TermTempo.String() != "Tempo" || NumTerms.String() != "Term(?)" {
		t.Errorf("names %q %q %q", TermAdvance2, TermTempo, NumTerms)
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	ps := gamePositions(2)
	w := DefaultWeights()
	e := NewEvaluator(w)
	var f Features
	for _, run := range []struct {
		name string
		eval func(p *engine.Position)
	}{
		{"Evaluate", func(p *engine.Position) { Evaluate(p) }},
		{"Evaluator.Evaluate", func(p *engine.Position) { e.Evaluate(p) }},
		{"Weights.Evaluate", func(p *engine.Position) { w.Evaluate(p) }},
		{"Features", func(p *engine.Position) { f.Count(p); f.Dot(&w) }},
	} {
		allocs := testing.AllocsPerRun(10, func() {
			for i := range ps {
				run.eval(&ps[i])
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per %d positions", run.name, allocs, len(ps))
		}
	}
}

func TestDefaultWeightsAreCopies(t *testing.T) {
	w := DefaultWeights()
	w[TermMan] = Pair{1, 1}
	if DefaultWeights()[TermMan] != tunedWeights[TermMan] || HandWeights()[TermMan] != (Pair{100, 100}) {
		t.Fatalf("changing a copy changed the default weights")
	}
	e := NewEvaluator(w)
	w[TermMan] = Pair{2, 2}
	got := e.Weights()
	got[TermMan] = Pair{3, 3}
	if e.Weights()[TermMan] != (Pair{1, 1}) {
		t.Fatalf("the evaluator's weights changed from outside: %v", e.Weights()[TermMan])
	}
}

func BenchmarkEvaluateGames(b *testing.B) {
	ps := gamePositions(20)
	for b.Loop() {
		for i := range ps {
			Evaluate(&ps[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/eval")
}
