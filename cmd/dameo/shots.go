// `dameo shots`: mine a shot suite from match games (`shots mine`) and
// measure how much of it the search solves at a fixed node count
// (`shots run`); the suite's format is in docs/shots.md.

package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/pdn"
	"github.com/dameo/dameo/search"
	"github.com/dameo/dameo/shots"
)

type shotsCmd struct {
	Mine shotsMineCmd `cmd:"" help:"Find the positions of match games where a side's score swung and write them as a suite."`
	Run  shotsRunCmd  `cmd:"" help:"Search every position of a suite at a fixed node count and print the solved rate."`
}

type shotsMineCmd struct {
	Games      []string `arg:"" help:"PDN files written by dameo match (each engine move commented score/depth time)." type:"path"`
	Output     string   `short:"o" required:"" help:"Suite file to write (docs/shots.md)." placeholder:"FILE"`
	Swing      float64  `default:"3" help:"Least change of a side's score within one or two of its moves, in men, more than 0 (default ${default})." placeholder:"MEN"`
	Nodes      int64    `default:"2000000" help:"Nodes of the search that names the move to play in each position, 1 or more (default ${default})." placeholder:"N"`
	ScoreNodes int64    `name:"score-nodes" default:"20000" help:"Nodes of the search that scores a move whose comment has no score, 1 or more (default ${default})." placeholder:"N"`
	Hash       int      `default:"16" help:"Transposition table of the searches in MiB, ${min_hash} to ${max_hash} (default ${default})." placeholder:"MB"`
}

// Help is the long help of `dameo shots mine --help`.
func (c *shotsMineCmd) Help() string {
	return `A shot is a position where a side's score (the score of its search in the
game's move comments, or of a search at --score-nodes when a comment has
none) fell or rose by --swing men or more within one or two of its moves.
Each position before a move that fell is searched at --nodes: when that
search plays another move, the entry gives it (bm) and the move played
(am). The position before the move that rose gives the search's move
(bm). The suite format: docs/shots.md. Ctrl-C stops without writing.`
}

func (c *shotsMineCmd) Run() error {
	for _, check := range []error{
		atLeast("nodes", c.Nodes, 1),
		atLeast("score-nodes", c.ScoreNodes, 1),
		inRange("hash", int64(c.Hash), search.MinHashMiB, search.MaxHashMiB),
	} {
		if check != nil {
			return check
		}
	}
	if !(c.Swing > 0) || math.IsInf(c.Swing, 0) {
		return usageError{fmt.Errorf("--swing must be more than 0 men, not %v", c.Swing)}
	}
	if err := checkOutput(c.Output); err != nil {
		return err
	}
	ctx, cancel := untilSignal()
	defer cancel()
	files := make([][]*pdn.Game, len(c.Games))
	total := 0
	for i, path := range c.Games {
		var err error
		if files[i], err = readGames(path); err != nil {
			return err
		}
		total += len(files[i])
	}
	progress := startProgress("shots mine: games", 0, total)
	defer progress.close()
	out := progress.above(os.Stdout)
	cfg := shots.MineConfig{Swing: c.Swing, Nodes: c.Nodes, ScoreNodes: c.ScoreNodes, HashMiB: c.Hash}
	var all []shots.Entry
	mined := 0
	for i, path := range c.Games {
		games := files[i]
		cfg.Progress = func(done, _ int) { progress.set(mined + done) }
		entries, err := shots.Mine(ctx, games, path, cfg)
		if ctx.Err() != nil {
			return interruptedBy(ctx, err)
		}
		if err != nil {
			return usageError{err} // a game that cannot be replayed
		}
		mined += len(games)
		all = append(all, entries...)
		fmt.Fprintf(out, "%s: %d games, %d entries\n", path, len(games), len(entries))
	}
	progress.close()
	header := fmt.Sprintf("dameo shot suite (docs/shots.md): %d entries\nmined by dameo %s: shots mine --swing %v --nodes %d --score-nodes %d %s",
		len(all), version, c.Swing, c.Nodes, c.ScoreNodes, strings.Join(c.Games, " "))
	if err := safefile.WriteAtomic(c.Output, func(w io.Writer) error { return shots.Write(w, header, all) }); err != nil {
		return err
	}
	fmt.Printf("entries=%d written to %s\n", len(all), c.Output)
	return nil
}

// readGames reads the games of a PDN file.
func readGames(path string) ([]*pdn.Game, error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return nil, usageError{err}
	}
	defer f.Close()
	games, err := pdn.ReadAll(f)
	if err != nil {
		return nil, usageError{fmt.Errorf("%s: %w", path, err)}
	}
	return games, nil
}

type shotsRunCmd struct {
	Suite string `arg:"" help:"Suite file (made by dameo shots mine; docs/shots.md)." type:"path"`
	Nodes int64  `default:"100000" help:"Nodes searched in each position, 1 or more (default ${default})." placeholder:"N"`
	Hash  int    `default:"16" help:"Transposition table in MiB, ${min_hash} to ${max_hash} (default ${default})." placeholder:"MB"`
	Eval  string `help:"Evaluate with the weights file FILE (made by dameo tune; default: the weights embedded in the program)." placeholder:"FILE" type:"path"`

	FullWidth    bool `help:"Search without pruning or reductions, as the Hub testing parameter full-width (default off)."`
	Combinations bool `help:"Look harder at combinations, as the Hub testing parameter combinations (default off)."`
}

// Help is the long help of `dameo shots run --help`.
func (c *shotsRunCmd) Help() string {
	return `Searches each position with one thread and a fresh table to --nodes nodes
(the figures are the same on every machine) and prints one line a
position: "solved" (the move wanted was played), "fell" (the move that fell
into the combination in the game was played) or "missed", with the moves;
then "solved=<K> of <N> (<percent>%) [avoided=<A> of <M> (<percent>%)]
nodes=<N>", the avoided rate counting the entries with an am move whose
search did not play it.`
}

func (c *shotsRunCmd) Run() error {
	if err := atLeast("nodes", c.Nodes, 1); err != nil {
		return err
	}
	if err := inRange("hash", int64(c.Hash), search.MinHashMiB, search.MaxHashMiB); err != nil {
		return err
	}
	opts := search.Options{Threads: 1, HashMiB: c.Hash, FullWidth: c.FullWidth, Combinations: c.Combinations}
	var err error
	if opts.Eval, err = loadEval(c.Eval); err != nil {
		return err
	}
	f, _, err := safefile.Open(c.Suite)
	if err != nil {
		return usageError{err}
	}
	entries, err := shots.Read(f)
	f.Close()
	if err != nil {
		return usageError{fmt.Errorf("%s: %w", c.Suite, err)}
	}
	if len(entries) == 0 {
		return usageError{errors.New(c.Suite + ": no entries")}
	}
	ctx, cancel := untilSignal()
	defer cancel()
	progress := startProgress("shots run: positions", 0, len(entries))
	out := progress.above(os.Stdout)
	tally, err := shots.Run(ctx, entries, opts, c.Nodes, func(o shots.Outcome) {
		fmt.Fprintln(out, outcomeLine(o))
		progress.add(1)
	})
	progress.close()
	if err != nil {
		return interruptedBy(ctx, err)
	}
	percent := func(k, n int) float64 { return 100 * float64(k) / float64(n) }
	fmt.Printf("solved=%d of %d (%.1f%%) ", tally.Solved, tally.Entries, percent(tally.Solved, tally.Entries))
	if tally.Avoids > 0 {
		fmt.Printf("avoided=%d of %d (%.1f%%) ", tally.Avoided, tally.Avoids, percent(tally.Avoided, tally.Avoids))
	}
	fmt.Printf("nodes=%d\n", c.Nodes)
	return nil
}

// outcomeLine is the line of an entry's outcome in dameo shots run:
//
//	solved|fell|missed played=<move> bm=<move> [am=<move>] id=<text>
func outcomeLine(o shots.Outcome) string {
	p := o.Entry.Position
	verdict := "missed"
	switch {
	case o.Solved:
		verdict = "solved"
	case o.FellIn:
		verdict = "fell"
	}
	line := verdict + " played=" + p.FormatMove(o.Played) + " bm=" + p.FormatMove(o.Entry.Best)
	if o.Entry.Avoid != engine.NoMove {
		line += " am=" + p.FormatMove(o.Entry.Avoid)
	}
	return line + " id=" + o.Entry.ID
}
