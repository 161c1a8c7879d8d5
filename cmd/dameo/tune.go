// `dameo tune`: fit the evaluation's weights to datagen files (Texel
// tuning) and write them as a weights file (such as eval/weights/default.bin).

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/tune"
)

type tuneCmd struct {
	Data       []string `arg:"" help:"Data files made by dameo datagen." type:"existingfile"`
	Out        string   `help:"Weights file to write, such as eval/weights/default.bin (default: print the terms' weights only)." type:"path" placeholder:"FILE"`
	Seed       uint64   `default:"1" help:"Seed of the held-out games and the batch order (default ${default})."`
	Validation int      `default:"10" help:"Percent of the games held out to stop early, 1 to 50 (default ${default})." placeholder:"PCT"`
	Epochs     int      `default:"200" help:"Most passes over the training positions (default ${default})." placeholder:"N"`
	Patience   int      `default:"10" help:"Stop after this many epochs without a better held-out loss (default ${default})." placeholder:"N"`
	Batch      int      `default:"16384" help:"Positions per gradient step (default ${default})." placeholder:"N"`
	Lr         float64  `default:"1" help:"Adam's learning rate in 1/100 man (default ${default})."`
	Decay      float64  `default:"0.98" help:"Learning rate factor per epoch (default ${default})."`
	Lambda     float64  `default:"1" help:"Weight of the game result in the target, the rest the search score's (default ${default}: the result only)."`
	Threads    int      `default:"0" help:"Threads, 0 = one per CPU (default: 0)." placeholder:"T"`
	Patterns   bool     `help:"Also fit the values of the 2×2 window patterns; without it they are 0 in the file."`
}

func (c *tuneCmd) Run() error {
	if c.Threads == 0 {
		c.Threads = runtime.NumCPU()
	}
	start := time.Now()
	set := tune.NewSet(c.Patterns)
	for _, path := range c.Data {
		if err := readData(set, path); err != nil {
			return err
		}
	}
	fmt.Printf("read %d positions from %d files in %.1fs\n", set.Len(), len(c.Data), time.Since(start).Seconds())
	cfg := tune.Config{Seed: c.Seed, ValidationPercent: c.Validation, Epochs: c.Epochs, Patience: c.Patience,
		BatchSize: c.Batch, LearningRate: c.Lr, Decay: c.Decay, Lambda: c.Lambda, Threads: c.Threads, Log: os.Stdout}
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
	if c.Out == "" {
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
	return writeAtomically(c.Out, func(f *os.File) error { return eval.Write(f, res.Weights, made) })
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
