// The run: the settings, the start (fresh or from a checkpoint), and the
// epochs: the training records streamed from the files through a
// shuffling buffer into mini-batches, a step of sparse Adam per batch, the
// held-out loss after each epoch, the best weights kept, early stopping
// and a checkpoint after each epoch.

package tune

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/eval"
)

// Config are the settings of a run.
type Config struct {
	Seed              uint64  // fixes the held-out games and each epoch's order
	ValidationPercent int     // share of the games held out, 1 to 50 (Data's)
	Epochs            int     // at most this many passes over the training positions
	Patience          int     // stop after this many epochs without a better held-out loss
	BatchSize         int     // positions per step
	BufferSize        int     // positions shuffled together, at least BatchSize
	LearningRate      float64 // Adam's step size at the first epoch, hundredths of a man
	Decay             float64 // the learning rate is multiplied by it after each epoch (0 < Decay ≤ 1)
	Lambda            float64 // weight of the game result in the target, 0 to 1 (the rest: the search score's)
	L2                float64 // L2 regularisation: l2·w added to each touched weight's gradient
	K                 float64 // the logistic scale per hundredth of a man; 0: fitted to the search scores
	Threads           int
	Checkpoint        string // file written after each epoch ("": none)
	Resume            bool   // go on from Checkpoint if it exists
	Log               io.Writer
	// Progress, if not nil, is called after each batch with the epoch and
	// the training positions done in it out of total.
	Progress func(epoch int, done, total int64)
}

// Validate reports settings that cannot make a run.
func (c Config) Validate() error {
	switch {
	case c.ValidationPercent < 1 || c.ValidationPercent > 50:
		return errors.New("the held-out share must be 1 to 50 percent")
	case c.Epochs < 1 || c.Patience < 1 || c.BatchSize < 1 || c.Threads < 1 || c.Threads > 1024:
		return errors.New("epochs, patience, batch size and threads (to 1024) must be at least 1")
	case c.BatchSize > 1<<18 || c.BufferSize < c.BatchSize || c.BufferSize > 1<<28:
		return errors.New("the batch must be at most 262144 positions and the buffer from the batch to 268435456")
	case !(c.LearningRate > 0) || !(c.Decay > 0 && c.Decay <= 1) || !(c.Lambda >= 0 && c.Lambda <= 1):
		return errors.New("learning rate must be positive, decay in (0, 1], lambda in [0, 1]")
	case !(c.L2 >= 0 && c.L2 < 1) || !(c.K >= 0 && c.K <= 1):
		return errors.New("l2 must be in [0, 1) and K in [0, 1] (0: fitted)")
	case c.Resume && c.Checkpoint == "":
		return errors.New("resuming needs a checkpoint file")
	}
	return nil
}

// settings is the text that ties a checkpoint to its run: the data, the
// start and every setting but the number of epochs and the patience,
// which a resumed run may change.
func (c Config) settings(d *Data, start *eval.Weights) string {
	h := fnv.New64a()
	for i := range start.MG {
		h.Write([]byte{byte(start.MG[i]), byte(start.MG[i] >> 8), byte(start.EG[i]), byte(start.EG[i] >> 8)})
	}
	return fmt.Sprintf("data=%016x start=%016x seed=%d validation=%d batch=%d buffer=%d lr=%g decay=%g lambda=%g l2=%g k=%g",
		d.fingerprint, h.Sum64(), c.Seed, c.ValidationPercent, c.BatchSize, c.BufferSize, c.LearningRate, c.Decay, c.Lambda, c.L2, c.K)
}

// Result is the outcome of a run.
type Result struct {
	K                 float64       // the logistic scale, per hundredth of a man
	Weights           *eval.Weights // the best weights, rounded
	StartValid        float64       // held-out loss of the start weights
	ValidLoss         float64       // held-out loss of Weights
	Epochs, BestEpoch int
	Resumed           int // epochs done before this run, from the checkpoint
}

// Run fits the weights to the data from start. Cancelling ctx stops it
// between batches; the checkpoint of the last finished epoch stays.
func Run(ctx context.Context, d *Data, start *eval.Weights, cfg Config) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	settings := cfg.settings(d, start)
	w := newWorker(cfg.Threads, cfg.BatchSize)
	var st *state
	if cfg.Resume {
		var err error
		if st, err = readCheckpoint(cfg.Checkpoint, settings); errors.Is(err, os.ErrNotExist) {
			st = nil
		} else if err != nil {
			return Result{}, err
		}
	}
	o := &objective{lambda: cfg.Lambda}
	res := Result{}
	if st == nil {
		st = &state{params: newParams(start), best: start, lr: cfg.LearningRate, k: cfg.K}
		if st.k == 0 {
			st.k = fitK(d.sample)
		}
		o.k = st.k
		vl, err := w.validLoss(o, st.params, d, cfg.BatchSize)
		if err != nil {
			return Result{}, err
		}
		st.startVal, st.bestLoss = vl, vl
	} else {
		o.k = st.k
		res.Resumed = int(st.epoch)
		fmt.Fprintf(cfg.Log, "resumed after epoch %d (best %d) from %s\n", st.epoch, st.bestEpoch, cfg.Checkpoint)
	}
	res.K, res.StartValid = st.k, st.startVal
	fmt.Fprintf(cfg.Log, "positions: %d training, %d held out; K = %.6f per 1/100 man\n", d.train, len(d.valid), st.k)
	fmt.Fprintf(cfg.Log, "start: valid %.7f\n", st.startVal)
	buffer := make([]datagen.Packed, 0, cfg.BufferSize)
	for epoch := st.epoch + 1; epoch <= int64(cfg.Epochs) && !st.stopped; epoch++ {
		trainLoss, err := w.epoch(ctx, o, st, d, cfg, int(epoch), buffer)
		if err != nil {
			return res, err
		}
		st.lr *= cfg.Decay
		vl, err := w.validLoss(o, st.params, d, cfg.BatchSize)
		if err != nil {
			return res, err
		}
		mark := ""
		if vl < st.bestLoss {
			st.best, st.bestLoss, st.bestEpoch, mark = rounded(st.params), vl, epoch, " *"
		}
		st.epoch = epoch
		fmt.Fprintf(cfg.Log, "epoch %3d: train %.7f valid %.7f%s\n", epoch, trainLoss, vl, mark)
		if epoch-st.bestEpoch >= int64(cfg.Patience) {
			st.stopped = true
			fmt.Fprintf(cfg.Log, "stopped: no better held-out loss for %d epochs\n", cfg.Patience)
		}
		if cfg.Checkpoint != "" {
			if err := writeCheckpoint(cfg.Checkpoint, settings, st); err != nil {
				return res, fmt.Errorf("checkpoint: %w", err)
			}
		}
	}
	res.Weights, res.ValidLoss, res.Epochs, res.BestEpoch = st.best, st.bestLoss, int(st.epoch), int(st.bestEpoch)
	fmt.Fprintf(cfg.Log, "best epoch %d: valid %.7f (start %.7f)\n", res.BestEpoch, res.ValidLoss, res.StartValid)
	return res, nil
}

// epoch is one pass over the training positions: read in file order into
// the buffer, which is shuffled (seeded by the seed and the epoch) when
// full and cut into batches. It returns the mean loss of the batches,
// each before its step.
func (w *worker) epoch(ctx context.Context, o *objective, st *state, d *Data, cfg Config, epoch int, buffer []datagen.Packed) (float64, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(epoch)))
	var done int64
	total := 0.0
	flush := func(final bool) error {
		rng.Shuffle(len(buffer), func(i, j int) { buffer[i], buffer[j] = buffer[j], buffer[i] })
		b := 0
		for ; b+cfg.BatchSize <= len(buffer) || final && b < len(buffer); b += cfg.BatchSize {
			if err := ctx.Err(); err != nil {
				return err
			}
			batch := buffer[b:min(b+cfg.BatchSize, len(buffer))]
			loss, err := w.lossOf(o, st.params, batch, true)
			if err != nil {
				return err
			}
			st.step++
			w.adamStep(st.params, len(batch), st.step, st.lr, cfg.L2)
			total += loss
			done += int64(len(batch))
			if cfg.Progress != nil {
				cfg.Progress(epoch, done, d.train)
			}
		}
		buffer = buffer[:copy(buffer, buffer[min(b, len(buffer)):])]
		return nil
	}
	err := d.eachTrain(cfg.Seed, cfg.ValidationPercent, func(rec *datagen.Packed) error {
		buffer = append(buffer, *rec)
		if len(buffer) == cap(buffer) {
			return flush(false)
		}
		return nil
	})
	if err == nil {
		err = flush(true)
	}
	if err == nil && done != d.train {
		err = fmt.Errorf("%w: %d training positions read, %d when checked", errChanged, done, d.train)
	}
	return total / float64(max(done, 1)), err
}

// validLoss is the mean loss of the held-out positions.
func (w *worker) validLoss(o *objective, ps []param, d *Data, batch int) (float64, error) {
	total := 0.0
	for b := 0; b < len(d.valid); b += batch {
		loss, err := w.lossOf(o, ps, d.valid[b:min(b+batch, len(d.valid))], false)
		if err != nil {
			return 0, err
		}
		total += loss
	}
	return total / float64(len(d.valid)), nil
}
