// `dameo datagen`: self-play games that make training data for `dameo tune`.

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"syscall"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/match"
	"github.com/dameo/dameo/search"
)

type datagenCmd struct {
	Output      string  `arg:"" help:"Data file to write (see the format in --help)." type:"path"`
	Games       int     `default:"1000" help:"Games the file should hold, numbered from 0 (default ${default})." placeholder:"N"`
	Nodes       int64   `default:"5000" help:"Nodes searched per move, 0 or more, 0 = no node limit (then give --depth) (default ${default})." placeholder:"N"`
	Depth       int     `default:"0" help:"Depth searched per move, 0 to ${max_depth}, 0 = no depth limit (default: 0)." placeholder:"D"`
	RandomPlies int     `default:"4" name:"random-plies" help:"Random plies after the built-in two-ply opening, 0 to 100 (default ${default})." placeholder:"N"`
	Seed        uint64  `default:"1" help:"Seed of the openings; the same seed and settings give the same games (default ${default})."`
	Concurrency int     `default:"0" help:"Games played at once, one thread each, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"N"`
	Hash        int     `default:"16" help:"Transposition table of each game in MiB, ${min_hash} to ${max_hash} (default ${default})." placeholder:"MB"`
	Resume      bool    `help:"Add the games missing from an existing file (made with the same --nodes, --depth, --random-plies and --seed)."`
	Interval    seconds `default:"30" help:"Seconds between progress lines when the output is not a terminal, more than 0 (default ${default})." placeholder:"S"`
	Eval        string  `help:"Evaluation of the players: the weights file FILE (made by dameo tune), or hand for the hand-set terms the shipped weights were first tuned from (docs/tuning.md; a file named hand: ./hand); default: the embedded weights." placeholder:"FILE"`
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
	workers, err := parallel("concurrency", c.Concurrency)
	if err != nil {
		return err
	}
	for _, check := range []error{
		atLeast("games", int64(c.Games), 1),
		atLeast("nodes", c.Nodes, 0),
		inRange("depth", int64(c.Depth), 0, search.MaxDepth),
		inRange("random-plies", int64(c.RandomPlies), 0, 100),
		inRange("hash", int64(c.Hash), search.MinHashMiB, search.MaxHashMiB),
		positiveSeconds("interval", c.Interval),
	} {
		if check != nil {
			return check
		}
	}
	if c.Nodes == 0 && c.Depth == 0 {
		return usageError{errors.New("--nodes 0 needs a --depth: a search per move needs a limit")}
	}
	cfg := datagen.Config{Games: c.Games, Nodes: c.Nodes, Depth: c.Depth, RandomPlies: c.RandomPlies,
		Seed: c.Seed, Workers: workers, HashMiB: c.Hash}
	if c.Eval == "hand" {
		cfg.Eval, err = eval.NewEvaluator(eval.HandWeights())
	} else {
		cfg.Eval, err = loadEval(c.Eval)
	}
	if err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return usageError{err}
	}
	if _, err := os.Stat(c.Output); err == nil && !c.Resume {
		return usageError{fmt.Errorf("%s exists: use --resume to add to it", c.Output)}
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	stats, err := datagen.Run(ctx, cfg, c.Output, c.Resume, os.Stderr, match.IsTerminal(os.Stderr), c.Interval.duration())
	var unopened *fs.PathError
	switch {
	case ctx.Err() != nil:
		fmt.Println(stats)
		return fmt.Errorf("%w: the finished games are in %s; --resume continues it", errInterrupted, c.Output)
	case errors.As(err, &unopened) && unopened.Op == "open":
		return usageError{err}
	case err != nil:
		return err
	}
	fmt.Println(stats)
	return nil
}
