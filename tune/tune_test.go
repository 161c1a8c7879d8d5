// Tests of the tuner: the set's evaluation against the engine's features,
// the gradient against a numerical one, K's fit, a run's determinism for a
// seed (whatever the threads), and the generated Go file.

package tune

import (
	"bytes"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/engine"
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

// TestEvalMatchesFeatures: the set's evaluation of each position is the
// dot product of search.Features.Vector and the weight vector.
func TestEvalMatchesFeatures(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 0
	for range 50 {
		p := engine.StartPosition()
		for range 120 {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			var set Set
			set.Add(&datagen.Record{Position: p})
			var f search.Features
			f.Count(&p)
			fv := f.Vector()
			var w [search.NumParams]float64
			for j := range w {
				w[j] = rng.Float64()*200 - 100
			}
			want := 0.0
			for j := range fv {
				want += fv[j] * w[j]
			}
			o := &objective{set: &set}
			if got := o.eval(&set.samples[0], w[:]); math.Abs(got-want) > 1e-6*(1+math.Abs(want)) {
				t.Fatalf("%v: eval %v, features·weights %v", p, got, want)
			}
			n++
			p = p.Play(moves[rng.IntN(len(moves))])
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
	hand := search.HandWeights()
	v := hand.Vector()
	w := make([]float64, 2*set.pairs())
	copy(w, v[:])
	rng := rand.New(rand.NewPCG(1, 2))
	for j := len(v); j < len(w); j++ {
		w[j] = rng.Float64()*20 - 10
	}
	for _, lambda := range []float64{1, 0.6} {
		o := &objective{set: set, k: 0.004, lambda: lambda, threads: 2}
		grad := make([]float64, len(w))
		o.loss(idx, w, grad)
		nonZero := 0
		for j := range w {
			if j >= len(v) && j%97 != 0 {
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
		if nonZero < len(v)/2 {
			t.Errorf("only %d of %d gradient components are not zero", nonZero, len(w))
		}
	}
}

// TestFitK: K fitted to results drawn from σ(K·eval) comes out near K.
func TestFitK(t *testing.T) {
	set := randomSet(20000, false)
	hand := search.HandWeights()
	v := hand.Vector()
	const trueK = 0.01
	rng := rand.New(rand.NewPCG(8, 9))
	o := &objective{set: set, threads: 2, lambda: 1}
	for i := range set.samples {
		p := sigmoid(trueK * o.eval(&set.samples[i], v[:]))
		set.samples[i].result = 0
		if rng.Float64() < p {
			set.samples[i].result = 1
		}
	}
	if k := fitK(o, allIndices(set), v[:]); math.Abs(k-trueK) > 0.2*trueK {
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
		res, err := Run(set, search.HandWeights(), cfg)
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
	other, _ := Run(set, search.HandWeights(), cfg)
	if sameResult(other, results[0]) {
		t.Errorf("another seed gave the same run")
	}
}

func sameResult(a, b Result) bool {
	if (a.Patterns == nil) != (b.Patterns == nil) || a.Patterns != nil && *a.Patterns != *b.Patterns {
		return false
	}
	a.Patterns, b.Patterns = nil, nil
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
		if _, err := Run(set, search.HandWeights(), cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	if _, err := Run(&Set{}, search.HandWeights(), good); err == nil {
		t.Errorf("an empty set: no error")
	}
}

func TestWriteGoFile(t *testing.T) {
	w := search.HandWeights()
	w[search.TermKing] = search.Pair{MG: 321, EG: -7}
	var b bytes.Buffer
	var pt search.Patterns
	pt[3][5] = search.Pair{MG: 11, EG: -12}
	if err := WriteGoFile(&b, w, &pt, "line one\nline two"); err != nil {
		t.Fatal(err)
	}
	src := b.String()
	if _, err := parser.ParseFile(token.NewFileSet(), "weights_tuned.go", src, parser.ParseComments); err != nil {
		t.Fatalf("the file does not parse: %v\n%s", err, src)
	}
	for _, want := range []string{"// Code generated by dameo tune; DO NOT EDIT.\n// line one\n// line two\n\npackage search\n",
		"TermKing:", "{321, -7}", "TermTempo:", "{0, 0}, {11, -12}, {0, 0}", "var tunedPatterns = &Patterns{"} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %q:\n%s", want, src)
		}
	}
}
