// `dameo bench`: the fixed benchmark search and its node-count signature.

package main

import (
	"fmt"
	"os"

	"github.com/dameo/dameo/bench"
	"github.com/dameo/dameo/search"
)

type benchCmd struct {
	Depth   int    `default:"${bench_depth}" help:"Search depth of each position, 1 to ${max_depth} (default ${default}: some 5 to 15 seconds on one thread)." placeholder:"D"`
	Threads int    `default:"1" help:"Search threads, 0 to ${max_threads}, 0 = one per CPU (default ${default}; the node count is deterministic only with 1)." placeholder:"T"`
	Hash    int    `default:"${bench_hash}" help:"Transposition table size in MiB, ${min_hash} to ${max_hash} (default ${default})." placeholder:"MB"`
	Eval    string `help:"Evaluate with the weights file FILE (made by dameo tune; default: the weights embedded in the program). The signature holds for the embedded weights only." placeholder:"FILE" type:"path"`
}

func (c *benchCmd) Run() error {
	if err := depthFlag(c.Depth); err != nil {
		return err
	}
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	opts := search.Options{Threads: threads, HashMiB: c.Hash}
	if err := flagBounds(opts, search.Limits{}); err != nil {
		return err
	}
	if opts.Eval, err = loadEval(c.Eval); err != nil {
		return err
	}
	ctx, cancel := untilSignal()
	defer cancel()
	sum, err := bench.Run(ctx, opts, c.Depth, os.Stdout)
	if err != nil {
		return interruptedBy(ctx, err)
	}
	fmt.Println(sum)
	return nil
}
