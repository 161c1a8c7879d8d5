// `dameo datagen`: self-play games that make training data for `dameo
// tune` (a whole run or one shard of it), and `dameo datagen convert`: a
// text data file of the old format into the binary one.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/match"
	"github.com/dameo/dameo/search"
)

type datagenCmd struct {
	Play    datagenPlayCmd    `cmd:"" default:"withargs" help:"Play the games and write their positions (the default: dameo datagen -o FILE)."`
	Convert datagenConvertCmd `cmd:"" help:"Convert a text data file (format 1, before the binary one) into a binary data file."`
}

type datagenPlayCmd struct {
	Output      string  `short:"o" placeholder:"FILE" help:"Binary data file to write (the format: datagen/doc.go) (required)." type:"path"`
	File        string  `arg:"" optional:"" help:"The data file, the same as --output (the old form)." type:"path"`
	Games       int     `default:"1000" help:"Games of the whole run, numbered from 0; a shard plays its share of them (default ${default})." placeholder:"N"`
	Shard       string  `default:"1/1" placeholder:"I/N" help:"Play the I-th of N shares of the games: those whose number is I−1 modulo N (default ${default}: all). Shards concatenate into the run's file."`
	Nodes       int64   `default:"5000" help:"Nodes searched per move, 0 or more, 0 = no node limit (then give --depth) (default ${default})." placeholder:"N"`
	Depth       int     `default:"0" help:"Depth searched per move, 0 to ${max_depth}, 0 = no depth limit (default: 0)." placeholder:"D"`
	BookPlies   int     `default:"0" name:"book-plies" help:"Plies of the built-in book at the start of each game, 0 to 100, each chosen at random among its moves; 0: a two-ply opening instead (default ${default})." placeholder:"N"`
	RandomPlies int     `default:"6" name:"random-plies" help:"Random plies after the two-ply opening or the book's, 0 to 100 (default ${default})." placeholder:"N"`
	Seed        uint64  `default:"1" help:"Seed of the openings; the same seed and settings give the same games, game by game (default ${default})."`
	Concurrency int     `default:"0" help:"Games played at once, one thread each, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"N"`
	Hash        int     `default:"16" help:"Transposition table of each game in MiB, ${min_hash} to ${max_hash} (default ${default})." placeholder:"MB"`
	Resume      bool    `help:"Add the games missing from an existing file (made with the same --nodes, --depth, --book-plies, --random-plies, --seed and --shard)."`
	Interval    seconds `default:"30" help:"Seconds between progress lines when the output is not a terminal, more than 0 (default ${default})." placeholder:"S"`
	Eval        string  `help:"Evaluation of the players: the weights file FILE (made by dameo tune), or hand for the hand-set terms the shipped weights were first tuned from (docs/tuning.md; a file named hand: ./hand); default: the embedded weights." placeholder:"FILE"`
}

// Help is the long help of `dameo datagen play --help`.
func (c *datagenPlayCmd) Help() string {
	return `Writes the quiet positions (no capture pending) of each game, 32 bytes
each, with the game's result and the search score, after a header with the
settings. Ctrl-C stops after writing the finished games; --resume continues
the file. The shards of a run (--shard I/N, the same other settings) merge
by concatenation: cat shard-*.bin > run.bin.`
}

func (c *datagenPlayCmd) Run() error {
	switch {
	case c.Output != "" && c.File != "" && c.Output != c.File:
		return usageError{fmt.Errorf("two output files given, --output %s and %s: give one", c.Output, c.File)}
	case c.Output == "" && c.File == "":
		return usageError{errors.New("give the data file to write: -o FILE")}
	case c.Output == "":
		c.Output = c.File
	}
	workers, err := parallel("concurrency", c.Concurrency)
	if err != nil {
		return err
	}
	for _, check := range []error{
		atLeast("games", int64(c.Games), 1),
		atLeast("nodes", c.Nodes, 0),
		inRange("depth", int64(c.Depth), 0, search.MaxDepth),
		inRange("book-plies", int64(c.BookPlies), 0, 100),
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
	shard, err := match.ParseShard(c.Shard)
	if err != nil {
		return usageError{fmt.Errorf("--shard: %v", err)}
	}
	cfg := datagen.Config{Games: c.Games, Shard: shard.Index, Shards: shard.Count, Nodes: c.Nodes, Depth: c.Depth,
		BookPlies: c.BookPlies, RandomPlies: c.RandomPlies, Seed: c.Seed, Workers: workers, HashMiB: c.Hash}
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
	if err := checkOutput(c.Output); err != nil {
		return err
	}
	ctx, cancel := untilSignal()
	defer cancel()
	progress := startProgressEvery("datagen: games", 0, 0, c.Interval.duration())
	cfg.Progress = func(p datagen.Progress) {
		if p.Games == 0 {
			progress.restart(p.Skipped, p.Total)
		}
		progress.set(p.Skipped + p.Games)
		progress.describe(fmt.Sprintf("%d positions", p.Positions))
	}
	stats, err := datagen.Run(ctx, cfg, c.Output, c.Resume)
	progress.close()
	switch {
	case ctx.Err() != nil:
		fmt.Println(stats)
		return fmt.Errorf("%w: the finished games are in %s; --resume continues it", errInterrupted, c.Output)
	case err != nil:
		return err
	}
	fmt.Println(stats)
	return nil
}

// checkOutput refuses, as bad usage, an output file that cannot be
// written: something there that is not a regular file, or no directory to
// create it in.
func checkOutput(path string) error {
	if err := safefile.CheckTarget(path); err != nil {
		return usageError{err}
	}
	dir, err := os.Stat(filepath.Dir(path))
	if err == nil && !dir.IsDir() {
		err = fmt.Errorf("%s: not a directory", filepath.Dir(path))
	}
	if err != nil {
		return usageError{fmt.Errorf("cannot create %s: %w", path, err)}
	}
	return nil
}

type datagenConvertCmd struct {
	Input  string `arg:"" help:"Text data file (its first line: #dameo-datagen 1 …)." type:"path"`
	Output string `arg:"" help:"Binary data file to write; it must not exist." type:"path"`
}

func (c *datagenConvertCmd) Run() error {
	in, _, err := safefile.Open(c.Input)
	if err != nil {
		return usageError{err}
	}
	defer in.Close()
	if _, err := os.Lstat(c.Output); err == nil {
		return usageError{fmt.Errorf("%s exists: convert into a new file", c.Output)}
	}
	if err := checkOutput(c.Output); err != nil {
		return err
	}
	var stats datagen.ConvertStats
	err = safefile.WriteAtomic(c.Output, func(w io.Writer) error {
		var err error
		stats, err = datagen.Convert(w, in)
		return err
	})
	var bad *datagen.LineError
	switch {
	case errors.As(err, &bad): // a file with bad content is bad input
		return usageError{fmt.Errorf("%s: %w", c.Input, err)}
	case err != nil:
		return fmt.Errorf("%s: %w", c.Input, err)
	}
	fmt.Printf("games=%d positions=%d\n", stats.Games, stats.Positions)
	if stats.Dropped > 0 {
		fmt.Fprintf(os.Stderr, "dameo: warning: %s ends inside a game (still being written?): its %d positions are left out\n", c.Input, stats.Dropped)
	}
	return nil
}
