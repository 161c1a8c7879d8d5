// `dameo perft`: leaf counts of the legal move tree, per depth, with timing.

package main

import (
	"fmt"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

type perftCmd struct {
	Depth    int    `default:"6" help:"Count depths 1 to N, N from 1 to 20 (default: ${default})." placeholder:"N"`
	Divide   bool   `help:"First print each root move's count at depth N, sorted by notation."`
	NoBulk   bool   `help:"Play every leaf move instead of counting the last ply's moves."`
	Hash     int    `default:"0" help:"Size in MiB of a table of subtree counts, 0 to ${max_hash} (0 = none; never changes a count; default ${default})." placeholder:"MB"`
	Threads  int    `default:"1" help:"Goroutines sharing the root moves, 0 to ${max_threads}, 0 = one per CPU (default ${default})." placeholder:"T"`
	Position string `arg:"" optional:"" help:"${position_help}"`
}

func (c *perftCmd) Run() error {
	switch {
	case c.Depth < 1 || c.Depth > 20:
		return usageError{fmt.Errorf("--depth must be 1 to 20, not %d", c.Depth)}
	case c.Hash < 0 || c.Hash > search.MaxHashMiB:
		return usageError{fmt.Errorf("--hash must be 0 to %d MiB, not %d", search.MaxHashMiB, c.Hash)}
	}
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	p, err := parsePositionArg(c.Position)
	if err != nil {
		return err
	}
	opt := engine.PerftOptions{Bulk: !c.NoBulk, HashMiB: c.Hash, Threads: threads}
	if c.Divide {
		entries, _ := engine.PerftDivide(&p, c.Depth, opt)
		for _, e := range entries {
			fmt.Printf("%s %d\n", e.Move, e.Nodes)
		}
	}
	for d := 1; d <= c.Depth; d++ {
		start := time.Now()
		n := engine.PerftWithOptions(&p, d, opt)
		secs := time.Since(start).Seconds()
		nps := 0.0
		if secs > 0 {
			nps = float64(n) / secs
		}
		fmt.Printf("depth=%d nodes=%d time=%.3f nps=%.0f\n", d, n, secs, nps)
	}
	return nil
}
