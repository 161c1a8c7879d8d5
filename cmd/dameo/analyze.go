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
	Depth    int     `help:"Search to depth N (plies)." placeholder:"N" xor:"limit"`
	Movetime float64 `help:"Search for S seconds." placeholder:"S" xor:"limit"`
	Nodes    int64   `help:"Search N nodes." placeholder:"N" xor:"limit"`
	Threads  int     `default:"1" help:"Search threads (default 1)." placeholder:"T"`
	Hash     int     `default:"64" help:"Transposition table size in MiB (default 64)." placeholder:"MB"`
	Multipv  int     `default:"1" help:"Number of principal variations (default 1)." placeholder:"K"`
	Position string  `arg:"" optional:"" help:"${position_help} Without a limit the search runs for 5 seconds; Ctrl-C stops it early."`
}

func (c *analyzeCmd) Run() error {
	switch {
	case c.Depth < 0 || c.Depth > 100:
		return usageError{fmt.Errorf("--depth must be 1 to 100, not %d", c.Depth)}
	case c.Movetime < 0 || c.Movetime > 1e6:
		return usageError{fmt.Errorf("--movetime must be positive seconds, not %g", c.Movetime)}
	case c.Nodes < 0:
		return usageError{fmt.Errorf("--nodes must be positive, not %d", c.Nodes)}
	case c.Threads < 1 || c.Threads > 256:
		return usageError{fmt.Errorf("--threads must be 1 to 256, not %d", c.Threads)}
	case c.Hash < 1 || c.Hash > 65536:
		return usageError{fmt.Errorf("--hash must be 1 to 65536 MiB, not %d", c.Hash)}
	case c.Multipv < 1 || c.Multipv > 64:
		return usageError{fmt.Errorf("--multipv must be 1 to 64, not %d", c.Multipv)}
	}
	p, err := parsePositionArg(c.Position)
	if err != nil {
		return err
	}
	limits := search.Limits{Depth: c.Depth, Nodes: c.Nodes, MoveTime: time.Duration(c.Movetime * float64(time.Second)), MultiPV: c.Multipv, Analysis: true}
	if limits.Depth == 0 && limits.Nodes == 0 && limits.MoveTime == 0 {
		limits.MoveTime = 5 * time.Second
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	s := search.New(search.Options{Threads: c.Threads, HashMiB: c.Hash})
	res := s.Search(ctx, engine.NewGame(p), limits, func(i search.Info) {
		mpv := ""
		if c.Multipv > 1 {
			mpv = fmt.Sprintf(" multipv=%d", i.MultiPV)
		}
		fmt.Printf("depth=%d seldepth=%d score=%.2f nodes=%d time=%.3f nps=%d%s pv=%s\n",
			i.Depth, i.SelDepth, float64(i.Score)/100, i.Nodes, i.Time.Seconds(), i.NPS, mpv, p.FormatLine(i.PV))
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
