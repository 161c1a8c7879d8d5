// Tests of the tuner: the set's evaluation against the engine's, the
// gradient against a numerical one, K's fit, and a run's determinism for a
// seed (whatever the threads).

package tune

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/search"
)

// randomSet is a set of n positions of random games with random results
// and scores (a fixed seed).
func randomSet(n int, patterns bool) *Set {
	rng := rand.New(rand.NewPCG(3, 4))
	set := NewSet(patterns)
	game := 0
	for set.Len() < n {
		p := engine.StartPosition()
		outcome := datagen.Outcome(rng.IntN(3))
		for ply := 0; ply < 150 && set.Len() < n; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			if !p.HasCapture() {
				set.Add(&datagen.Record{Position: p, Result: outcome, Score: search.Score(rng.IntN(600) - 300), Game: game})
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		game++
	}
	return set
}

func allIndices(s *Set) []uint32 {
	idx := make([]uint32, s.Len())
	for i := range idx {
		idx[i] = uint32(i)
	}
	return idx
}

// startVector is the tuner's weight vector of w for set.
func startVector(set *Set, w *eval.Weights) []float64 {
	v := make([]float64, 2*set.pairs())
	for i := range set.pairs() {
		v[2*i], v[2*i+1] = float64(w.MG[i]), float64(w.EG[i])
	}
	return v
}

// TestEvalMatchesEngine: with random weights for the features it fits,
// the set's evaluation of each position is the engine's evaluation with
// those weights, but for the engine's truncation to a whole number.
func TestEvalMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 0
	for _, patterns := range []bool{false, true} {
		probe := NewSet(patterns)
		w := eval.NewWeights()
		for i := range probe.pairs() {
			w.MG[i], w.EG[i] = int16(rng.IntN(201)-100), int16(rng.IntN(201)-100)
		}
		e, err := eval.NewEvaluator(w)
		if err != nil {
			t.Fatal(err)
		}
		v := startVector(probe, w)
		for range 25 {
			p := engine.StartPosition()
			for range 120 {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				set := NewSet(patterns)
				set.Add(&datagen.Record{Position: p})
				o := &objective{set: set}
				got, want := o.eval(&set.samples[0], v), float64(e.Evaluate(&p))
				if want != eval.Bound && want != -eval.Bound && math.Abs(got-want) >= 1+1e-9 {
					t.Fatalf("%v (patterns %v): tuner's eval %v, engine's %v", p, patterns, got, want)
				}
				n++
				p = p.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d positions checked", n)
	}
}

// TestGradientNumerically: the analytic gradient matches central
// differences of the loss, with the result-only and a blended target.
func TestGradientNumerically(t *testing.T) {
	set := randomSet(300, true)
	idx := allIndices(set)
	w := startVector(set, eval.HandWeights())
	terms := 2 * int(eval.NumTerms)
	rng := rand.New(rand.NewPCG(1, 2))
	for j := terms; j < len(w); j++ {
		w[j] = rng.Float64()*20 - 10
	}
	for _, lambda := range []float64{1, 0.6} {
		o := &objective{set: set, k: 0.004, lambda: lambda, threads: 2}
		grad := make([]float64, len(w))
		o.loss(idx, w, grad)
		nonZero := 0
		for j := range w {
			if j >= terms && j%97 != 0 {
				continue // a sample of the pattern values: all would take long
			}
			const h = 1e-3
			save := w[j]
			w[j] = save + h
			up := o.loss(idx, w, nil)
			w[j] = save - h
			down := o.loss(idx, w, nil)
			w[j] = save
			num := (up - down) / (2 * h)
			if math.Abs(num-grad[j]) > 1e-7+1e-4*math.Abs(num) {
				t.Errorf("lambda %v, parameter %d: gradient %g, numerical %g", lambda, j, grad[j], num)
			}
			if grad[j] != 0 {
				nonZero++
			}
		}
		if nonZero < terms/2 {
			t.Errorf("only %d of %d gradient components are not zero", nonZero, len(w))
		}
	}
}

// TestFitK: K fitted to results drawn from σ(K·eval) comes out near K.
func TestFitK(t *testing.T) {
	set := randomSet(20000, false)
	v := startVector(set, eval.HandWeights())
	const trueK = 0.01
	rng := rand.New(rand.NewPCG(8, 9))
	o := &objective{set: set, threads: 2, lambda: 1}
	for i := range set.samples {
		p := sigmoid(trueK * o.eval(&set.samples[i], v))
		set.samples[i].result = 0
		if rng.Float64() < p {
			set.samples[i].result = 1
		}
	}
	if k := fitK(o, allIndices(set), v); math.Abs(k-trueK) > 0.2*trueK {
		t.Errorf("K fitted %v, results drawn with %v", k, trueK)
	}
}

// TestRunDeterministic: two runs with a seed give the same weights and the
// same log, with one thread or three; the tuned held-out loss is lower.
func TestRunDeterministic(t *testing.T) {
	set := randomSet(12000, true)
	cfg := Config{Seed: 42, ValidationPercent: 20, Epochs: 5, Patience: 5, BatchSize: 1000,
		LearningRate: 1, Decay: 0.95, Lambda: 0.5}
	var logs []string
	var results []Result
	for _, threads := range []int{1, 3, 3} {
		var log bytes.Buffer
		cfg.Threads, cfg.Log = threads, &log
		res, err := Run(set, eval.HandWeights(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		logs, results = append(logs, log.String()), append(results, res)
	}
	for i := 1; i < len(results); i++ {
		if !sameResult(results[i], results[0]) || logs[i] != logs[0] {
			t.Errorf("run %d differs:\n%s\nfrom\n%s", i, logs[i], logs[0])
		}
	}
	if r := results[0]; r.Epochs == 0 || !(r.ValidLoss < r.StartVal) {
		t.Errorf("no improvement: %+v\n%s", r, logs[0])
	}
	cfg.Seed++
	other, _ := Run(set, eval.HandWeights(), cfg)
	if sameResult(other, results[0]) {
		t.Errorf("another seed gave the same run")
	}
}

func sameResult(a, b Result) bool {
	if !slices.Equal(a.Weights.MG, b.Weights.MG) || !slices.Equal(a.Weights.EG, b.Weights.EG) {
		return false
	}
	a.Weights, b.Weights = nil, nil
	return a == b
}

func TestRunRefusesBadConfig(t *testing.T) {
	set := randomSet(100, false)
	good := Config{Seed: 1, ValidationPercent: 10, Epochs: 1, Patience: 1, BatchSize: 10, LearningRate: 1, Decay: 1, Lambda: 1, Threads: 1}
	for _, change := range []func(*Config){
		func(c *Config) { c.ValidationPercent = 0 },
		func(c *Config) { c.Epochs = 0 },
		func(c *Config) { c.LearningRate = math.NaN() },
		func(c *Config) { c.Decay = 1.5 },
		func(c *Config) { c.Lambda = -1 },
	} {
		cfg := good
		change(&cfg)
		if _, err := Run(set, eval.HandWeights(), cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	if _, err := Run(&Set{}, eval.HandWeights(), good); err == nil {
		t.Errorf("an empty set: no error")
	}
}
