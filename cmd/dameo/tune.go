// `dameo tune`: fit the evaluation's weights to datagen files and write
// them as a weights file (such as eval/weights/default.bin).

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/tune"
)

type tuneCmd struct {
	Data           []string `arg:"" help:"Binary data files made by dameo datagen (or concatenations of them)." type:"path"`
	Output         string   `required:"" short:"o" aliases:"out" help:"Weights file to write, such as eval/weights/default.bin (required)." type:"path" placeholder:"FILE"`
	Checkpoint     string   `help:"Checkpoint written after each epoch, removed once the weights file is written (default: the --output file with .ckpt added)." type:"path" placeholder:"FILE"`
	KeepCheckpoint bool     `help:"Keep the checkpoint after a finished run, for --resume with more --epochs (default: false, it is removed)."`
	Resume         bool     `help:"Go on from the checkpoint, if there is one (same data and settings; --epochs and --patience may change)."`
	Start          string   `default:"hand" help:"Weights to start from: hand (the hand-set terms, all else 0), default (the embedded weights) or a weights file (default ${default})." placeholder:"FILE"`
	Seed           uint64   `default:"1" help:"Seed of the held-out games and the order of each epoch (default ${default})."`
	Validation     int      `default:"10" help:"Percent of the games held out to stop early, 1 to 50 (default ${default})." placeholder:"PCT"`
	Epochs         int      `default:"100" help:"Most passes over the training positions, 1 or more (default ${default})." placeholder:"N"`
	Patience       int      `default:"5" help:"Stop after this many epochs without a better held-out loss, 1 or more (default ${default})." placeholder:"N"`
	Batch          int      `default:"16384" help:"Positions per step, 1 to 262144 (default ${default})." placeholder:"N"`
	Buffer         int      `default:"1048576" help:"Positions shuffled together, 32 bytes each, --batch to 268435456 (default ${default})." placeholder:"N"`
	Lr             float64  `default:"1" help:"Adam's learning rate in 1/100 man, more than 0 (default ${default})."`
	Decay          float64  `default:"0.9" help:"Learning rate factor per epoch, more than 0, at most 1 (default ${default})."`
	Lambda         float64  `default:"1" help:"Weight of the game result in the target, 0 to 1, the rest the search score's (default ${default}: the result only)."`
	L2             float64  `default:"0" name:"l2" help:"L2 regularisation of the weights a batch touches, 0 to less than 1 (default ${default})."`
	K              float64  `default:"0" name:"k" help:"Logistic scale per 1/100 man, 0 to 1; 0: fitted to the search scores (default ${default})."`
	Threads        int      `default:"0" help:"Threads, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"T"`
	Interval       seconds  `default:"30" help:"Seconds between progress lines when standard error is not a terminal, more than 0 (default ${default})." placeholder:"S"`
}

func (c *tuneCmd) Run() error {
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	// The flags' ranges first, before any file is read.
	for _, check := range []error{
		inRange("validation", int64(c.Validation), 1, 50),
		atLeast("epochs", int64(c.Epochs), 1),
		atLeast("patience", int64(c.Patience), 1),
		inRange("batch", int64(c.Batch), 1, maxBatch),
		inRange("buffer", int64(c.Buffer), int64(c.Batch), maxBuffer),
		realInRange("lr", c.Lr, c.Lr > 0, "more than 0"),
		realInRange("decay", c.Decay, c.Decay > 0 && c.Decay <= 1, "more than 0, at most 1"),
		realInRange("lambda", c.Lambda, c.Lambda >= 0 && c.Lambda <= 1, "0 to 1"),
		realInRange("l2", c.L2, c.L2 >= 0 && c.L2 < 1, "0 to less than 1"),
		realInRange("k", c.K, c.K >= 0 && c.K <= 1, "0 to 1"),
		positiveSeconds("interval", c.Interval),
	} {
		if check != nil {
			return check
		}
	}
	if c.Checkpoint == "" {
		c.Checkpoint = c.Output + ".ckpt"
	}
	cfg := tune.Config{Seed: c.Seed, ValidationPercent: c.Validation, Epochs: c.Epochs, Patience: c.Patience,
		BatchSize: c.Batch, BufferSize: c.Buffer, LearningRate: c.Lr, Decay: c.Decay, Lambda: c.Lambda, L2: c.L2, K: c.K,
		Threads: threads, Checkpoint: c.Checkpoint, Resume: c.Resume, Log: os.Stdout}
	if err := cfg.Validate(); err != nil {
		return usageError{err}
	}
	for _, target := range []string{c.Output, c.Checkpoint} {
		if err := checkOutput(target); err != nil {
			return err
		}
	}
	start, err := startWeights(c.Start)
	if err != nil {
		return usageError{fmt.Errorf("--start: %w", err)}
	}
	begin := time.Now()
	data, err := tune.OpenData(c.Data, c.Seed, c.Validation)
	if err != nil {
		return usageError{err}
	}
	fmt.Printf("checked %s in %.1fs\n", plural(len(c.Data), "file"), time.Since(begin).Seconds())
	progress := showTuneProgress(&cfg, data.TrainPositions(), c.Interval.duration())
	ctx, cancel := untilSignal()
	defer cancel()
	res, err := tune.Run(ctx, data, start, cfg)
	progress.close()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "interrupted: --resume goes on from the checkpoint of the last finished epoch")
		return errInterrupted
	}
	if err != nil {
		return err
	}
	fmt.Printf("done in %.1fs\n", time.Since(begin).Seconds())
	names := make([]string, len(c.Data))
	for i, d := range c.Data {
		names[i] = filepath.Base(d)
	}
	made := fmt.Sprintf("dameo tune %s --start %s --seed %d --validation %d --epochs %d --patience %d --batch %d --buffer %d --lr %g --decay %g --lambda %g --l2 %g --k %g\n"+
		"from %d positions (%d held out), K = %.6f, best epoch %d of %d;\n"+
		"held-out loss %.7f (start: %.7f). See docs/tuning.md.",
		strings.Join(names, " "), filepath.Base(c.Start), c.Seed, c.Validation, c.Epochs, c.Patience, c.Batch, c.Buffer, c.Lr, c.Decay, c.Lambda, c.L2, c.K,
		data.TrainPositions()+int64(data.ValidPositions()), data.ValidPositions(), res.K, res.BestEpoch, res.Epochs, res.ValidLoss, res.StartValid)
	if err := safefile.WriteAtomic(c.Output, func(w io.Writer) error { return eval.Write(w, res.Weights, made) }); err != nil {
		return err
	}
	if !c.KeepCheckpoint {
		// The weights are written: the checkpoint, several times their
		// size, is needed only to go on after an interruption.
		if err := os.Remove(c.Checkpoint); err != nil && !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "warning: the checkpoint is not removed: %v\n", err)
		}
	}
	return nil
}

// maxBatch and maxBuffer bound --batch and --buffer (tune.Config.Validate's
// bounds, checked here to name the flag).
const (
	maxBatch  = 1 << 18
	maxBuffer = 1 << 28
)

// realInRange refuses a real-valued flag whose value v is not ok
// (false for NaN too, every comparison with it being false); rng is the
// range as docs/cli.md gives it.
func realInRange(flag string, v float64, ok bool, rng string) error {
	if !ok {
		return usageError{fmt.Errorf("--%s must be %s, not %g", flag, rng, v)}
	}
	return nil
}

// startWeights are the weights --start names.
func startWeights(name string) (*eval.Weights, error) {
	switch name {
	case "hand":
		return eval.HandWeights(), nil
	case "default":
		return eval.DefaultWeights(), nil
	}
	w, _, err := eval.Load(name)
	return w, err
}

// showTuneProgress sets cfg's progress and log to the display of the
// positions of all epochs (a line every interval when standard error is
// not a terminal); the epochs a resumed run begins after are left out of
// the rate.
func showTuneProgress(cfg *tune.Config, positions int64, interval time.Duration) *progress {
	total := int(positions) * cfg.Epochs
	p := startProgressEvery("tune: positions of all epochs", 0, total, interval)
	cfg.Log = p.above(cfg.Log)
	started := false
	cfg.Progress = func(epoch int, done, _ int64) {
		before := (epoch - 1) * int(positions)
		if !started { // the epochs before a resumed run's first
			started = true
			p.skip(before)
		}
		p.set(before + int(done))
		p.describe(fmt.Sprintf("epoch %d", epoch))
	}
	return p
}
