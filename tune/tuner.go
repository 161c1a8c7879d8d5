// The Texel run: split the games into training and held-out sets, fit K
// with the starting weights, then the weights with Adam on mini-batches,
// one line of losses per epoch, stopping when the held-out loss has not
// improved for a number of epochs and keeping the best weights.

package tune

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/dameo/dameo/eval"
)

// Config are the settings of a run.
type Config struct {
	Seed              uint64  // fixes the held-out games and the batch order
	ValidationPercent int     // share of the games held out, 1 to 50
	Epochs            int     // at most this many passes over the training set
	Patience          int     // stop after this many epochs without a better held-out loss
	BatchSize         int     // positions per gradient step
	LearningRate      float64 // Adam's step size, in hundredths of a man
	Decay             float64 // the learning rate is multiplied by it after each epoch (0 < Decay ≤ 1)
	Lambda            float64 // weight of the game result in the target, 0 to 1 (the rest: the search score's)
	Threads           int     // goroutines summing the loss
	Log               io.Writer
}

func (c Config) validate() error {
	switch {
	case c.ValidationPercent < 1 || c.ValidationPercent > 50:
		return errors.New("the held-out share must be 1 to 50 percent")
	case c.Epochs < 1 || c.Patience < 1 || c.BatchSize < 1 || c.Threads < 1:
		return errors.New("epochs, patience, batch size and threads must be at least 1")
	case !(c.LearningRate > 0) || !(c.Decay > 0 && c.Decay <= 1) || !(c.Lambda >= 0 && c.Lambda <= 1):
		return errors.New("learning rate must be positive, decay in (0, 1], lambda in [0, 1]")
	}
	return nil
}

// Result is the outcome of a run.
type Result struct {
	K                    float64       // the fitted logistic scale, per hundredth of a man
	Weights              *eval.Weights // the best weights, rounded; those of the features not fitted as they started
	Train, Valid         int           // positions in each set
	StartTrain, StartVal float64       // losses of the starting weights
	TrainLoss, ValidLoss float64       // losses of Weights (rounded)
	Epochs, BestEpoch    int
}

// Run fits weights to set from start (weights of eval.NumParams values).
func Run(set *Set, start *eval.Weights, cfg Config) (Result, error) {
	if err := cfg.validate(); err != nil {
		return Result{}, err
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	train, valid := split(set, cfg.Seed, cfg.ValidationPercent)
	if len(train) == 0 || len(valid) == 0 {
		return Result{}, fmt.Errorf("%d positions are too few to hold some games out", set.Len())
	}
	res := Result{Train: len(train), Valid: len(valid)}
	if len(start.MG) != eval.NumParams || len(start.EG) != eval.NumParams {
		return Result{}, fmt.Errorf("start weights of %d and %d values, want %d", len(start.MG), len(start.EG), eval.NumParams)
	}
	w := make([]float64, 2*set.pairs())
	for i := range set.pairs() {
		w[2*i], w[2*i+1] = float64(start.MG[i]), float64(start.EG[i])
	}
	o := &objective{set: set, lambda: 1, threads: cfg.Threads}
	res.K = fitK(o, train, w)
	o.lambda = cfg.Lambda
	res.StartTrain, res.StartVal = o.loss(train, w, nil), o.loss(valid, w, nil)
	fmt.Fprintf(cfg.Log, "positions: %d training, %d held out; K = %.6f per 1/100 man\n", len(train), len(valid), res.K)
	fmt.Fprintf(cfg.Log, "start: train %.7f valid %.7f\n", res.StartTrain, res.StartVal)

	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7475_6e65)) // "tune"
	adam := newAdam(len(w))
	grad := make([]float64, len(w))
	best, bestLoss := slicesClone(w), res.StartVal
	lr := cfg.LearningRate
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for b := 0; b < len(train); b += cfg.BatchSize {
			o.loss(train[b:min(b+cfg.BatchSize, len(train))], w, grad)
			adam.step(w, grad, lr)
		}
		lr *= cfg.Decay
		tl, vl := o.loss(train, w, nil), o.loss(valid, w, nil)
		mark := ""
		if vl < bestLoss {
			best, bestLoss, res.BestEpoch, mark = slicesClone(w), vl, epoch, " *"
		}
		res.Epochs = epoch
		fmt.Fprintf(cfg.Log, "epoch %3d: train %.7f valid %.7f%s\n", epoch, tl, vl, mark)
		if epoch-res.BestEpoch >= cfg.Patience {
			fmt.Fprintf(cfg.Log, "stopped: no better held-out loss for %d epochs\n", cfg.Patience)
			break
		}
	}
	rounded := roundVector(best)
	res.Weights = start.Clone()
	for i := range set.pairs() {
		res.Weights.MG[i], res.Weights.EG[i] = int16(rounded[2*i]), int16(rounded[2*i+1])
	}
	res.TrainLoss, res.ValidLoss = o.loss(train, rounded, nil), o.loss(valid, rounded, nil)
	fmt.Fprintf(cfg.Log, "best epoch %d, rounded weights: train %.7f valid %.7f\n", res.BestEpoch, res.TrainLoss, res.ValidLoss)
	return res, nil
}

func slicesClone(w []float64) []float64 { return append([]float64(nil), w...) }

// roundVector is w with each value as the engine takes it: rounded to a
// whole number within ±math.MaxInt16 (NaN as 0).
func roundVector(w []float64) []float64 {
	r := make([]float64, len(w))
	for j, x := range w {
		if !math.IsNaN(x) {
			r[j] = min(max(math.Round(x), -math.MaxInt16), math.MaxInt16)
		}
	}
	return r
}

// split puts each game's positions in the training or the held-out set,
// the held-out games chosen by a hash of the seed and the game index.
func split(set *Set, seed uint64, percent int) (train, valid []uint32) {
	for i := range set.samples {
		h := mix(seed ^ mix(uint64(set.samples[i].game)+1))
		if h%100 < uint64(percent) {
			valid = append(valid, uint32(i))
		} else {
			train = append(train, uint32(i))
		}
	}
	return train, valid
}

// mix is SplitMix64's finaliser, a good 64-bit hash.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// fitK is the K that minimises the loss of the positions idx with weights
// w: a golden-section search on log K over [1e-4, 1] per 1/100 man.
func fitK(o *objective, idx []uint32, w []float64) float64 {
	f := func(logK float64) float64 {
		o.k = math.Exp(logK)
		return o.loss(idx, w, nil)
	}
	lo, hi := math.Log(1e-4), math.Log(1.0)
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := f(a), f(b)
	for hi-lo > 1e-6 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = f(b)
		}
	}
	o.k = math.Exp((lo + hi) / 2)
	return o.k
}
