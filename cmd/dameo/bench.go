// `dameo bench`: the fixed benchmark search and its node-count signature.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/dameo/dameo/bench"
	"github.com/dameo/dameo/search"
)

type benchCmd struct {
	Depth   int `default:"10" help:"Search depth of each position (default 10: some 5 to 15 seconds on one thread)." placeholder:"D"`
	Threads int `default:"1" help:"Search threads (default 1; the node count is deterministic only with 1)." placeholder:"T"`
	Hash    int `default:"16" help:"Transposition table size in MiB (default 16)." placeholder:"MB"`
}

func (c *benchCmd) Run() error {
	switch {
	case c.Depth < 1 || c.Depth > 100:
		return usageError{fmt.Errorf("--depth must be 1 to 100, not %d", c.Depth)}
	case c.Threads < 1 || c.Threads > 256:
		return usageError{fmt.Errorf("--threads must be 1 to 256, not %d", c.Threads)}
	case c.Hash < 1 || c.Hash > 65536:
		return usageError{fmt.Errorf("--hash must be 1 to 65536 MiB, not %d", c.Hash)}
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	sum, err := bench.Run(ctx, search.Options{Threads: c.Threads, HashMiB: c.Hash}, c.Depth, os.Stdout)
	if err != nil {
		return err
	}
	fmt.Println(sum)
	return nil
}
