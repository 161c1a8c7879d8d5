// Tests of the sparse linear model: on the positions of random games, with
// the default and with random weights, the evaluation is the tapered sum
// of the weights of the listed features, and that sum as a trainer takes
// it (floats, MGShare) misses it by less than the rounding; no evaluation
// allocates.

package eval

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/racetest"
)

func TestFeaturesDotWeights(t *testing.T) {
	racetest.Skip(t, "features and scores on one goroutine")
	rng := rand.New(rand.NewPCG(13, 14))
	positions := gamePositions(20)
	var fs []Feature
	// Limit 0: the default weights; 32767: the whole range of int16, the
	// extremes of a pair16's halves and of the term sums.
	for _, limit := range []int{0, 100, 200, 32767} {
		w := DefaultWeights()
		if limit > 0 {
			w = randomWeights(rng, limit)
		}
		e := mustEvaluator(w)
		for j := range positions {
			p := &positions[j]
			fs = AppendFeatures(fs[:0], p)
			if len(fs) > MaxFeatures {
				t.Fatalf("%v: %d features, more than MaxFeatures %d", p, len(fs), MaxFeatures)
			}
			var mg, eg int32
			var fmg, feg float64
			for _, f := range fs {
				if int(f.Index) >= NumParams {
					t.Fatalf("%v: feature index %d out of range", p, f.Index)
				}
				mg += int32(w.MG[f.Index]) * int32(f.Count)
				eg += int32(w.EG[f.Index]) * int32(f.Count)
				fmg += float64(w.MG[f.Index]) * float64(f.Count)
				feg += float64(w.EG[f.Index]) * float64(f.Count)
			}
			phase := Phase(p)
			score := e.Evaluate(p)
			if want := Taper(mg, eg, phase); score != want {
				t.Fatalf("%v: Evaluate %d, features·weights %d", p, score, want)
			}
			if score == Bound || score == -Bound {
				continue // held at the bound: the float sum is beyond it
			}
			s := MGShare(phase)
			if dot := fmg*s + feg*(1-s); math.Abs(float64(score)-dot) >= 1+1e-9 {
				t.Fatalf("%v: evaluation %d, float features·weights %.6f", p, score, dot)
			}
		}
	}
}

// TestFeatureIndicesDistinct: the groups of the weight vector do not
// overlap and fill it.
func TestFeatureIndicesDistinct(t *testing.T) {
	seen := make([]bool, NumParams)
	mark := func(i int) {
		if i < 0 || i >= NumParams || seen[i] {
			t.Fatalf("index %d out of range or used twice", i)
		}
		seen[i] = true
	}
	for term := range NumTerms {
		mark(TermIndex(term))
	}
	for tb := range NumBlockTables {
		for c := range BlockConfigs {
			mark(BlockIndex(tb, uint8(c)))
		}
	}
	for _, enemy := range []bool{false, true} {
		for r := range 8 {
			for f := range 4 {
				mark(KingSquareIndex(enemy, engine.Square(8*r+f)))
				if KingSquareIndex(enemy, engine.Square(8*r+7-f)) != KingSquareIndex(enemy, engine.Square(8*r+f)) {
					t.Errorf("king squares %d and its mirror differ", 8*r+f)
				}
			}
		}
	}
	for tb := range NumPatternTables {
		for c := range PatternConfigs {
			mark(PatternIndex(tb, int32(c)))
		}
	}
	for i, s := range seen {
		if !s {
			t.Fatalf("index %d belongs to no feature", i)
		}
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	ps := gamePositions(2)
	e := Default()
	var s State
	fs := make([]Feature, 0, MaxFeatures)
	for _, run := range []struct {
		name string
		eval func(p *engine.Position)
	}{
		{"Evaluate", func(p *engine.Position) { e.Evaluate(p) }},
		{"EvaluateState", func(p *engine.Position) { s.Init(p); e.EvaluateState(p, &s) }},
		{"AppendFeatures", func(p *engine.Position) { fs = AppendFeatures(fs[:0], p) }},
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

func TestNewEvaluatorRefusesBadShapes(t *testing.T) {
	w := NewWeights()
	w.EG = w.EG[:10]
	if _, err := NewEvaluator(w); err == nil {
		t.Errorf("weights of the wrong length: no error")
	}
}

func BenchmarkEvaluateGames(b *testing.B) {
	ps := gamePositions(20)
	e := Default()
	for b.Loop() {
		for i := range ps {
			e.Evaluate(&ps[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/eval")
}
