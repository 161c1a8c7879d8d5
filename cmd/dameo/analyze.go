// `dameo analyze`: search one position and print each iteration's result
// and the best move.

package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

type analyzeCmd struct {
	Depth    int     `help:"Search to depth N plies, 1 to ${max_depth}." placeholder:"N" xor:"limit"`
	Movetime float64 `help:"Search for S seconds." placeholder:"S" xor:"limit"`
	Nodes    int64   `help:"Search N nodes." placeholder:"N" xor:"limit"`
	Threads  int     `default:"1" help:"Search threads, ${min_threads} to ${max_threads} (default ${default})." placeholder:"T"`
	Hash     int     `default:"64" help:"Transposition table size in MiB, ${min_hash} to ${max_hash} (default ${default})." placeholder:"MB"`
	Multipv  int     `default:"1" help:"Number of principal variations, 1 to ${max_multipv} (default ${default})." placeholder:"K"`
	Egtb     string  `help:"Use the endgame tables in DIR (built with dameo egtb build); default: those of the data directory ($XDG_DATA_HOME/dameo/egtb, else ~/.local/share/dameo/egtb) completed by the embedded ones of up to 3 pieces." placeholder:"DIR"`
	Position string  `arg:"" optional:"" help:"${position_help} Without a limit the search runs for 5 seconds; Ctrl-C stops it early."`
}

// Help is the long help of `dameo analyze --help`: the output format.
func (c *analyzeCmd) Help() string {
	return `Prints a line at the end of each iteration (one per principal variation)
and whenever the best move changes during one:
  depth=<plies> seldepth=<plies> score=<men, side to move's view> nodes=<N>
  time=<seconds> nps=<nodes per second> [tbhits=<N>] [multipv=<K>] pv=<moves>
then "bestmove <move> [ponder <move>]". nps here counts nodes per second;
the Hub protocol's info lines (dameo hub) give it in millions instead.`
}

func (c *analyzeCmd) Run() error {
	if c.Movetime < 0 || c.Movetime > 1e6 {
		return usageError{fmt.Errorf("--movetime must be positive seconds, not %g", c.Movetime)}
	}
	opts := search.Options{Threads: c.Threads, HashMiB: c.Hash}
	limits := search.Limits{Depth: c.Depth, Nodes: c.Nodes, MoveTime: time.Duration(c.Movetime * float64(time.Second)), MultiPV: c.Multipv, Analysis: true}
	if err := flagBounds(opts, limits); err != nil {
		return err
	}
	p, err := parsePositionArg(c.Position)
	if err != nil {
		return err
	}
	if opts.Tablebase, err = loadTablebase(c.Egtb); err != nil {
		return err
	}
	if limits.Depth == 0 && limits.Nodes == 0 && limits.MoveTime == 0 {
		limits.MoveTime = 5 * time.Second
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	s := search.New(opts)
	res := s.Search(ctx, engine.NewGame(p), limits, func(i search.Info) {
		mpv := ""
		if c.Multipv > 1 {
			mpv = fmt.Sprintf(" multipv=%d", i.MultiPV)
		}
		tb := ""
		if i.TBHits > 0 {
			tb = fmt.Sprintf(" tbhits=%d", i.TBHits)
		}
		fmt.Printf("depth=%d seldepth=%d score=%.2f nodes=%d time=%.3f nps=%d%s%s pv=%s\n",
			i.Depth, i.SelDepth, float64(i.Score)/100, i.Nodes, i.Time.Seconds(), i.NPS, tb, mpv, p.FormatLine(i.PV))
	})
	if !res.HasMove {
		fmt.Println("bestmove none (no legal move: the side to move has lost)")
		return nil
	}
	line := "bestmove " + p.FormatMove(res.Move)
	if res.Ponder != engine.NoMove {
		q := p.Play(res.Move)
		line += " ponder " + q.FormatMove(res.Ponder)
	}
	fmt.Println(line)
	return nil
}
