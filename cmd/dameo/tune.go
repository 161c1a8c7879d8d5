// `dameo tune`: fit the evaluation's weights to datagen files (Texel
// tuning) and write them as a weights file (such as eval/weights/default.bin).

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/tune"
)

type tuneCmd struct {
	Data       []string `arg:"" help:"Data files made by dameo datagen." type:"existingfile"`
	Output     string   `short:"o" aliases:"out" help:"Weights file to write, such as eval/weights/default.bin (default: none, the terms' weights are only printed)." type:"path" placeholder:"FILE"`
	Seed       uint64   `default:"1" help:"Seed of the held-out games and the batch order (default ${default})."`
	Validation int      `default:"10" help:"Percent of the games held out to stop early, 1 to 50 (default ${default})." placeholder:"PCT"`
	Epochs     int      `default:"200" help:"Most passes over the training positions, 1 or more (default ${default})." placeholder:"N"`
	Patience   int      `default:"10" help:"Stop after this many epochs without a better held-out loss, 1 or more (default ${default})." placeholder:"N"`
	Batch      int      `default:"16384" help:"Positions per gradient step, 1 or more (default ${default})." placeholder:"N"`
	Lr         float64  `default:"1" help:"Adam's learning rate in 1/100 man, more than 0 (default ${default})."`
	Decay      float64  `default:"0.98" help:"Learning rate factor per epoch, more than 0 and at most 1 (default ${default})."`
	Lambda     float64  `default:"1" help:"Weight of the game result in the target, 0 to 1, the rest the search score's (default ${default}: the result only)."`
	Threads    int      `default:"0" help:"Threads, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"T"`
	Patterns   bool     `help:"Also fit the values of the 2×2 window patterns; without it they are 0 in the file."`
}

func (c *tuneCmd) Run() error {
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	for _, check := range []error{
		inRange("validation", int64(c.Validation), 1, 50),
		atLeast("epochs", int64(c.Epochs), 1),
		atLeast("patience", int64(c.Patience), 1),
		atLeast("batch", int64(c.Batch), 1),
	} {
		if check != nil {
			return check
		}
	}
	switch {
	case !(c.Lr > 0):
		return usageError{fmt.Errorf("--lr must be more than 0, not %g", c.Lr)}
	case !(c.Decay > 0 && c.Decay <= 1):
		return usageError{fmt.Errorf("--decay must be more than 0 and at most 1, not %g", c.Decay)}
	case !(c.Lambda >= 0 && c.Lambda <= 1):
		return usageError{fmt.Errorf("--lambda must be 0 to 1, not %g", c.Lambda)}
	}
	if c.Output != "" {
		if err := checkWritable(c.Output); err != nil {
			return usageError{fmt.Errorf("--output: %v", err)}
		}
	}
	start := time.Now()
	set := tune.NewSet(c.Patterns)
	for _, path := range c.Data {
		if err := readData(set, path); err != nil {
			return usageError{err}
		}
	}
	fmt.Printf("read %s from %s in %.1fs\n", plural(set.Len(), "position"), plural(len(c.Data), "file"), time.Since(start).Seconds())
	cfg := tune.Config{Seed: c.Seed, ValidationPercent: c.Validation, Epochs: c.Epochs, Patience: c.Patience,
		BatchSize: c.Batch, LearningRate: c.Lr, Decay: c.Decay, Lambda: c.Lambda, Threads: threads, Log: os.Stdout}
	res, err := tune.Run(set, eval.HandWeights(), cfg)
	if err != nil {
		return usageError{err}
	}
	elapsed := time.Since(start)
	fmt.Printf("done in %.1fs\n", elapsed.Seconds())
	for t := range eval.NumTerms {
		i := eval.TermIndex(t)
		fmt.Printf("%-16s %5d %5d\n", t, res.Weights.MG[i], res.Weights.EG[i])
	}
	if c.Output == "" {
		return nil
	}
	names := make([]string, len(c.Data))
	for i, d := range c.Data {
		names[i] = filepath.Base(d)
	}
	made := fmt.Sprintf("dameo tune %s --seed %d --validation %d --epochs %d --patience %d --batch %d --lr %g --decay %g --lambda %g%s\n"+
		"from %d positions (%d held out), K = %.6f, best epoch %d of %d;\n"+
		"held-out loss %.7f (hand-set weights: %.7f). See docs/tuning.md.",
		strings.Join(names, " "), c.Seed, c.Validation, c.Epochs, c.Patience, c.Batch, c.Lr, c.Decay, c.Lambda, patternsFlag(c.Patterns),
		set.Len(), res.Valid, res.K, res.BestEpoch, res.Epochs, res.ValidLoss, res.StartVal)
	return writeAtomically(c.Output, func(f *os.File) error { return eval.Write(f, res.Weights, made) })
}

// patternsFlag is the --patterns flag as given.
func patternsFlag(on bool) string {
	if on {
		return " --patterns"
	}
	return ""
}

// readData adds the positions of a data file to set.
func readData(set *tune.Set, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := set.ReadFrom(f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// checkWritable checks, before the work, that writeAtomically can write
// path: a file can be made in its directory.
func checkWritable(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tune-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// writeAtomically writes a file through a temporary file in the same
// directory renamed over it, so a failed write leaves the old file.
func writeAtomically(path string, write func(*os.File) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tune-*")
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return errors.Join(err, os.Remove(f.Name()))
	}
	return nil
}
