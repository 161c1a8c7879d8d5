// `dameo datagen`: self-play games that make training data for `dameo tune`.

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"time"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/match"
)

type datagenCmd struct {
	Output      string        `arg:"" help:"Data file to write (see the format in --help)." type:"path"`
	Games       int           `default:"1000" help:"Games the file should hold, numbered from 0 (default ${default})." placeholder:"N"`
	Nodes       int64         `default:"5000" help:"Nodes searched per move (default ${default}; 0 for none, then --depth)." placeholder:"N"`
	Depth       int           `default:"0" help:"Depth searched per move, 0 = no depth limit (default: 0)." placeholder:"D"`
	RandomPlies int           `default:"4" name:"random-plies" help:"Random plies after the built-in two-ply opening (default ${default})." placeholder:"N"`
	Seed        uint64        `default:"1" help:"Seed of the openings; the same seed and settings give the same games (default ${default})."`
	Concurrency int           `default:"0" help:"Games played at once, one thread each; 0 = one per CPU (default: 0)." placeholder:"N"`
	Hash        int           `default:"16" help:"Transposition table of each game in MiB (default ${default})." placeholder:"MB"`
	Resume      bool          `help:"Add the games missing from an existing file (made with the same --nodes, --depth, --random-plies and --seed)."`
	Interval    time.Duration `default:"30s" help:"Time between progress lines when the output is not a terminal (default ${default})."`
	Eval        string        `help:"Evaluation of the players: the weights file FILE (made by dameo tune), or hand for the hand-set terms the shipped weights were first tuned from (docs/tuning.md; a file named hand: ./hand); default: the embedded weights." placeholder:"FILE"`
}

// Help is the long help of `dameo datagen --help`: the file format.
func (c *datagenCmd) Help() string {
	return `Writes the quiet positions (no capture pending) of each game as lines
  <position text>;<result 1-0, 0-1 or 1/2>;<search score, side to move, 1/100 man>
after a line "#game <index> <positions>", below a header line
"#dameo-datagen 1 <settings>". Ctrl-C stops after writing the finished games;
--resume continues the file.`
}

func (c *datagenCmd) Run() error {
	if c.Concurrency == 0 {
		c.Concurrency = runtime.NumCPU()
	}
	cfg := datagen.Config{Games: c.Games, Nodes: c.Nodes, Depth: c.Depth, RandomPlies: c.RandomPlies,
		Seed: c.Seed, Workers: c.Concurrency, HashMiB: c.Hash}
	var err error
	if c.Eval == "hand" {
		cfg.Eval, err = eval.NewEvaluator(eval.HandWeights())
	} else {
		cfg.Eval, err = loadEval(c.Eval)
	}
	if err != nil {
		return err
	}
	if c.Interval <= 0 {
		return usageError{errors.New("--interval must be positive")}
	}
	if err := cfg.Validate(); err != nil {
		return usageError{err}
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	stats, err := datagen.Run(ctx, cfg, c.Output, c.Resume, os.Stderr, match.IsTerminal(os.Stderr), c.Interval)
	fmt.Println(stats)
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "interrupted: the finished games are in the file; --resume continues it")
		return nil
	}
	return err
}
