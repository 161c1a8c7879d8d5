// Tests of the tuner: the model's evaluation against eval's, the gradient
// against a numerical one, K's fit, the inner loop without allocation, and
// runs deterministic for a seed whatever the threads, resumed or not.

package tune

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/racetest"
	"github.com/dameo/dameo/search"
)

// randomRecords are the quiet positions of random games from the initial
// position, numbered from firstGame, with random results and scores.
func randomRecords(rng *rand.Rand, games, firstGame int) [][]datagen.Record {
	var out [][]datagen.Record
	for g := range games {
		p := engine.StartPosition()
		outcome := datagen.Outcome(rng.IntN(3))
		var recs []datagen.Record
		for ply := 0; ply < 150; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			if !p.HasCapture() {
				recs = append(recs, datagen.Record{Position: p, Result: outcome,
					Score: search.Score(rng.IntN(600) - 300), Game: firstGame + g, Ply: ply})
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
		if len(recs) > 0 {
			out = append(out, recs)
		}
	}
	return out
}

// dataFile writes a binary data file of one section with the settings and
// games and returns its path.
func dataFile(t testing.TB, dir, name, settings string, games [][]datagen.Record) string {
	t.Helper()
	buf, err := datagen.AppendHeader(nil, settings)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if buf, err = datagen.AppendGame(buf, g); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// packed are the records of games packed, as a reader returns them.
func packed(t testing.TB, games [][]datagen.Record) []datagen.Packed {
	t.Helper()
	var out []datagen.Packed
	for _, g := range games {
		buf, err := datagen.AppendGame(nil, g)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(buf); i += datagen.RecordSize {
			out = append(out, datagen.Packed(buf[i:]))
		}
	}
	return out
}

// randomWeights are weights of small random values.
func randomWeights(rng *rand.Rand) *eval.Weights {
	w := eval.NewWeights()
	for i := range w.MG {
		w.MG[i], w.EG[i] = int16(rng.IntN(41)-20), int16(rng.IntN(41)-20)
	}
	return w
}

// TestModelIsEval: the model's evaluation with rounded weights is eval's,
// but for eval's truncation to a whole number.
func TestModelIsEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	w := randomWeights(rng)
	e, err := eval.NewEvaluator(w)
	if err != nil {
		t.Fatal(err)
	}
	ps := newParams(w)
	n := 0
	for _, rec := range packed(t, randomRecords(rng, 30, 0)) {
		var pos position
		if _, err := decode(&rec, nil, &pos); err != nil {
			t.Fatal(err)
		}
		full, _ := rec.Decode()
		got, want := evaluate(ps, &pos), float64(e.Evaluate(&full.Position))
		if math.Abs(want) < eval.Bound && math.Abs(got-want) >= 1 {
			t.Fatalf("%v: model %v, eval %v", full.Position, got, want)
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d positions", n)
	}
}

// TestGradientNumerically: the summed gradient matches central differences
// of the summed loss, for the result-only and a blended target.
func TestGradientNumerically(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	games, every := 4, 7
	if racetest.Enabled {
		games, every = 2, 40
	}
	recs := packed(t, randomRecords(rng, games, 0))
	for _, lambda := range []float64{1, 0.5} {
		o := &objective{k: 0.01, lambda: lambda}
		ps := newParams(randomWeights(rng))
		w := newWorker(2, len(recs))
		if _, err := w.lossOf(o, ps, recs, true); err != nil {
			t.Fatal(err)
		}
		checked := 0
		for i := range ps {
			for k := range 2 {
				g := float64(ps[i].g[k])
				if g == 0 && i%50000 != 0 || g != 0 && i%every != 0 {
					continue // a sample: all would take long
				}
				const h = 0.25
				save := ps[i].w[k]
				ps[i].w[k] = save + h
				up, _ := w.lossOf(o, ps, recs, false)
				ps[i].w[k] = save - h
				down, _ := w.lossOf(o, ps, recs, false)
				ps[i].w[k] = save
				num := (up - down) / (2 * h)
				if math.Abs(num-g) > 1e-4+1e-2*math.Abs(num) {
					t.Errorf("lambda %v, parameter %d/%d: gradient %g, numerical %g", lambda, i, k, g, num)
				}
				checked++
			}
		}
		if checked < 200/every*7 {
			t.Errorf("only %d gradient components checked", checked)
		}
	}
}

// TestFitK: K fitted to results drawn from σ(K·score) comes out near K.
func TestFitK(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	const trueK = 0.01
	var sample []scoreResult
	for range 50000 {
		s := float64(rng.IntN(800) - 400)
		r := float32(0)
		if rng.Float64() < sigmoid(trueK*s) {
			r = 1
		}
		sample = append(sample, scoreResult{float32(s), r})
	}
	if k := fitK(sample); math.Abs(k-trueK) > 0.1*trueK {
		t.Errorf("K fitted %v, results drawn with %v", k, trueK)
	}
}

// TestInnerLoopAllocatesNothing: decoding a record and its loss allocate
// nothing, and a batch's loss, gradient and Adam step allocate a few times
// whatever the number of positions.
func TestInnerLoopAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	recs := packed(t, randomRecords(rng, 6, 0))
	ps := newParams(eval.HandWeights())
	o := &objective{k: 0.01, lambda: 0.5}
	buf := make([]eval.Feature, 0, eval.MaxFeatures)
	if n := testing.AllocsPerRun(20, func() {
		for i := range recs {
			var pos position
			var err error
			if buf, err = decode(&recs[i], buf[:0], &pos); err != nil {
				t.Fatal(err)
			}
			o.loss(ps, &pos)
		}
	}); n != 0 {
		t.Errorf("%v allocations decoding %d positions", n, len(recs))
	}
	w := newWorker(1, len(recs))
	step := int64(0)
	batch := func(recs []datagen.Packed) float64 {
		return testing.AllocsPerRun(20, func() {
			if _, err := w.lossOf(o, ps, recs, true); err != nil {
				t.Fatal(err)
			}
			step++
			w.adamStep(ps, len(recs), step, 1, 1e-4)
		})
	}
	if small, large := batch(recs[:chunkSize]), batch(recs); large > small || large > 8 {
		t.Errorf("%v allocations for a batch of %d positions, %v for %d", large, len(recs), small, chunkSize)
	}
}

// testData is a data file of random games in dir and its Data.
func testData(t *testing.T, dir string) *Data {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	games := 60
	if racetest.Enabled {
		games = 20
	}
	path := dataFile(t, dir, "data.bin", "seed=1 shard=1/1", randomRecords(rng, games, 0))
	d, err := OpenData([]string{path}, 3, 20)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func testConfig(threads int, checkpoint string) Config {
	return Config{Seed: 3, ValidationPercent: 20, Epochs: 4, Patience: 4, BatchSize: 500, BufferSize: 1700,
		LearningRate: 2, Decay: 0.9, Lambda: 0.7, L2: 1e-4, Threads: threads, Checkpoint: checkpoint}
}

func sameWeights(a, b *eval.Weights) bool {
	for i := range a.MG {
		if a.MG[i] != b.MG[i] || a.EG[i] != b.EG[i] {
			return false
		}
	}
	return true
}

// TestRunDeterministic: runs with one thread or three give the same
// weights and log; the held-out loss goes down; a run stopped after two
// epochs and resumed gives the same weights as one run of four.
func TestRunDeterministic(t *testing.T) {
	dir := t.TempDir()
	d := testData(t, dir)
	var logs []string
	var results []Result
	threads, epochs := []int{1, 3, 3}, 4
	if racetest.Enabled {
		threads, epochs = threads[:2], 2
	}
	for _, threads := range threads {
		var log bytes.Buffer
		cfg := testConfig(threads, "")
		cfg.Epochs, cfg.Log = epochs, &log
		res, err := Run(context.Background(), d, eval.HandWeights(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		logs, results = append(logs, log.String()), append(results, res)
	}
	for i := 1; i < len(results); i++ {
		if !sameWeights(results[i].Weights, results[0].Weights) || logs[i] != logs[0] {
			t.Errorf("run %d differs:\n%s\nfrom\n%s", i, logs[i], logs[0])
		}
	}
	if !(results[0].ValidLoss < results[0].StartValid) || results[0].BestEpoch == 0 {
		t.Errorf("the held-out loss did not go down:\n%s", logs[0])
	}

	ckpt := filepath.Join(dir, "resumed")
	cfg := testConfig(2, ckpt)
	cfg.Epochs = epochs / 2
	if _, err := Run(context.Background(), d, eval.HandWeights(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Epochs, cfg.Resume = epochs, true
	var log bytes.Buffer
	cfg.Log = &log
	res, err := Run(context.Background(), d, eval.HandWeights(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != epochs/2 || !sameWeights(res.Weights, results[0].Weights) {
		t.Errorf("resumed after %d epochs: other weights than one run\n%s", res.Resumed, log.String())
	}
	for e := epochs/2 + 1; e <= epochs; e++ {
		epoch := fmt.Sprintf("epoch %3d:", e)
		_, rest, found := strings.Cut(log.String(), epoch)
		line, _, _ := strings.Cut(rest, "\n")
		if !found || !strings.Contains(logs[0], epoch+line+"\n") {
			t.Errorf("resumed %s differs:\n%s\nfrom\n%s", epoch, log.String(), logs[0])
		}
	}

	// A checkpoint of other settings, or damaged, is refused.
	cfg.Lambda = 1
	if _, err := Run(context.Background(), d, eval.HandWeights(), cfg); err == nil || !strings.Contains(err.Error(), "other data or settings") {
		t.Errorf("resume with another lambda: %v", err)
	}
	cfg.Lambda = 0.7
	data, _ := os.ReadFile(ckpt)
	data[len(data)/2] ^= 1
	os.WriteFile(ckpt, data, 0o644)
	if _, err := Run(context.Background(), d, eval.HandWeights(), cfg); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("resume from a damaged checkpoint: %v", err)
	}
	os.WriteFile(ckpt, data[:1000], 0o644)
	if _, err := Run(context.Background(), d, eval.HandWeights(), cfg); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("resume from a truncated checkpoint: %v", err)
	}
}

// TestRunInterrupted: a cancelled run stops with the context's error.
func TestRunInterrupted(t *testing.T) {
	d := testData(t, t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, d, eval.HandWeights(), testConfig(1, "")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
}
