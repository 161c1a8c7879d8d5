// `dameo analyze`: search one position and print each iteration's result
// and the best move.

package main

import (
	"fmt"
	"os"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

type analyzeCmd struct {
	Depth         *int     `help:"Search to depth N plies, 1 to ${max_depth} (default: none)." placeholder:"N" xor:"limit"`
	Movetime      *seconds `help:"Search for S seconds, more than 0 (default: none)." placeholder:"S" xor:"limit"`
	Nodes         *int64   `help:"Search N nodes, 1 or more (default: none)." placeholder:"N" xor:"limit"`
	Threads       int      `default:"1" help:"Search threads, 0 to ${max_threads}, 0 = one per CPU (default ${default})." placeholder:"T"`
	Hash          int      `default:"64" help:"Transposition table size in MiB, ${min_hash} to ${max_hash} (default ${default})." placeholder:"MB"`
	Multipv       int      `default:"1" help:"Number of principal variations, 1 to ${max_multipv} (default ${default})." placeholder:"K"`
	positionFlags `embed:""`
	Egtb          string `help:"Use the endgame tables in DIR (built with dameo egtb build) (default: those of the data directory, ${data_dir}, completed by the embedded ones of up to 3 pieces)." placeholder:"DIR"`
	Eval          string `help:"Evaluate with the weights file FILE (made by dameo tune; default: the weights embedded in the program)." placeholder:"FILE" type:"path"`
	Position      string `arg:"" optional:"" help:"${position_help} Without a limit the search runs for 5 seconds; Ctrl-C stops it early."`
}

// Help is the long help of `dameo analyze --help`: the output format.
func (c *analyzeCmd) Help() string {
	return `Prints a line at the end of each iteration (one per principal variation)
and whenever the best move changes during one (on a position the endgame
tables decide, only the lines that change the score or the variation):
  depth=<plies> seldepth=<plies> score=<men, side to move's view> nodes=<N>
  time=<seconds> nps=<nodes per second> [tbhits=<N>] [multipv=<K>] pv=<moves>
then "bestmove <move> [ponder <move>]". nps here counts nodes per second,
as Stockfish's info lines do (the Hub protocol's info lines, dameo hub,
give it in millions). The speed for people goes to standard error at the
end, as the page shows it: "speed: 2.85 M nodes/s (...)".
Ctrl-C stops the search: the best move so far is printed, and the exit
status is 130.`
}

func (c *analyzeCmd) Run() error {
	opts, limits, err := c.search()
	if err != nil {
		return err
	}
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	p := g.Position()
	if opts.Tablebase, err = loadTablebase(c.Egtb); err != nil {
		return err
	}
	if opts.Eval, err = loadEval(c.Eval); err != nil {
		return err
	}
	// A position the tables decide is said so, and the search's lines are
	// printed only when they change something but the depth.
	wdl, dtw, decided := opts.Tablebase.ProbeAny(&p)
	if decided {
		fmt.Printf("tables: %s (the endgame tables decide this position; lines that repeat the score and variation are left out)\n", tableVerdict(wdl, dtw))
	}
	ctx, cancel := untilSignal()
	defer cancel()
	s := search.New(opts)
	last := map[int]string{} // by variation: its score and moves, as last printed
	var skipped string
	var final search.Info
	res := s.Search(ctx, g, limits, func(i search.Info) {
		final = i
		mpv := ""
		if c.Multipv > 1 {
			mpv = fmt.Sprintf(" multipv=%d", i.MultiPV)
		}
		tb := ""
		if i.TBHits > 0 {
			tb = fmt.Sprintf(" tbhits=%d", i.TBHits)
		}
		same := fmt.Sprintf("score=%.2f%s pv=%s", float64(i.Score)/100, mpv, p.FormatLine(i.PV))
		line := fmt.Sprintf("depth=%d seldepth=%d score=%.2f nodes=%d time=%.3f nps=%d%s%s pv=%s",
			i.Depth, i.SelDepth, float64(i.Score)/100, i.Nodes, i.Time.Seconds(), i.NPS, tb, mpv, p.FormatLine(i.PV))
		if decided && same == last[i.MultiPV] {
			skipped = line
			return
		}
		last[i.MultiPV], skipped = same, ""
		fmt.Println(line)
	})
	if skipped != "" {
		fmt.Println(skipped)
	}
	if final.Nodes > 0 {
		fmt.Fprintf(os.Stderr, "speed: %s (%d nodes in %.3f s)\n", nodesPerSecond(final.NPS), final.Nodes, final.Time.Seconds())
	}
	if !res.HasMove {
		fmt.Println("bestmove none (no legal move: the side to move has lost)")
		return interruptedBy(ctx, nil)
	}
	line := "bestmove " + p.FormatMove(res.Move)
	if res.Ponder != engine.NoMove {
		q := p.Play(res.Move)
		line += " ponder " + q.FormatMove(res.Ponder)
	}
	fmt.Println(line)
	return interruptedBy(ctx, nil)
}

// nodesPerSecond is a search's speed as people read it, in the same
// words everywhere (analyze, and the page): "2.85 M nodes/s".
func nodesPerSecond(nps int64) string {
	return fmt.Sprintf("%.2f M nodes/s", float64(nps)/1e6)
}

// search is the search's options and limits from the flags: a limit given
// is checked (0 is refused), none given is 5 seconds.
func (c *analyzeCmd) search() (search.Options, search.Limits, error) {
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return search.Options{}, search.Limits{}, err
	}
	opts := search.Options{Threads: threads, HashMiB: c.Hash}
	limits := search.Limits{MultiPV: c.Multipv, Analysis: true}
	switch {
	case c.Depth != nil:
		if err := depthFlag(*c.Depth); err != nil {
			return opts, limits, err
		}
		limits.Depth = *c.Depth
	case c.Movetime != nil:
		if err := positiveSeconds("movetime", *c.Movetime); err != nil {
			return opts, limits, err
		}
		limits.MoveTime = c.Movetime.duration()
	case c.Nodes != nil:
		if err := atLeast("nodes", *c.Nodes, 1); err != nil {
			return opts, limits, err
		}
		limits.Nodes = *c.Nodes
	default:
		limits.MoveTime = 5 * time.Second
	}
	if err := inRange("multipv", int64(c.Multipv), 1, search.MaxMultiPV); err != nil {
		return opts, limits, err
	}
	return opts, limits, flagBounds(opts, limits)
}

// tableVerdict is the tables' value of a position for its side to move.
func tableVerdict(wdl, dtw int) string {
	switch {
	case wdl > 0:
		return "the side to move wins in " + plies(dtw)
	case wdl < 0:
		return "the side to move loses in " + plies(dtw)
	}
	return "a draw"
}
