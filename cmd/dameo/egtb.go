// `dameo egtb`: build, probe, verify and summarize the endgame tables.

package main

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"time"

	"github.com/dameo/dameo/egtb"
)

type egtbCmd struct {
	Build  egtbBuildCmd  `cmd:"" help:"Generate every table of 2 to N pieces into a directory."`
	Probe  egtbProbeCmd  `cmd:"" help:"Show a position's value and distance to win, and each legal move's, best first."`
	Verify egtbVerifyCmd `cmd:"" help:"Check the tables of a directory: files, checksums, and every value against its successors."`
	Stats  egtbStatsCmd  `cmd:"" help:"Count the wins, draws and losses of each table, with its longest win."`
}

type egtbBuildCmd struct {
	Pieces  int    `required:"" help:"Build every table of 2 to N pieces." placeholder:"N"`
	Dir     string `required:"" help:"Directory to write the table files to (created if missing)." placeholder:"DIR"`
	Threads int    `default:"0" help:"Goroutines, 0 = one per core (default: 0)." placeholder:"T"`
}

func (c *egtbBuildCmd) Run() error {
	switch {
	case c.Pieces < 2 || c.Pieces > egtb.MaxTablePieces:
		return usageError{fmt.Errorf("--pieces must be 2 to %d, not %d", egtb.MaxTablePieces, c.Pieces)}
	case c.Threads < 0 || c.Threads > 256:
		return usageError{fmt.Errorf("--threads must be 0 to 256, not %d", c.Threads)}
	}
	threads := c.Threads
	if threads == 0 {
		threads = runtime.NumCPU()
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	var bytes int64
	tabs, err := egtb.Build(ctx, egtb.BuildOptions{
		Pieces:  c.Pieces,
		Threads: threads,
		Save: func(t *egtb.Table) error {
			path := filepath.Join(c.Dir, t.Signature().FileName())
			if err := t.WriteFile(path); err != nil {
				return err
			}
			if info, err := os.Stat(path); err == nil {
				bytes += info.Size()
			}
			return nil
		},
		Progress: func(r egtb.Report) {
			st := r.Table.Stats()
			fmt.Printf("%v  %10d slots  %10d wins  %10d draws  %10d losses  longest win %3d  %7.2f s (with %v)\n",
				r.Table.Signature(), r.Table.Size(), st.Wins, st.Draws, st.Losses, st.LongestWin, r.Elapsed.Seconds(), r.With)
		},
	})
	if err != nil {
		return err
	}
	fmt.Printf("%d tables of up to %d pieces, %d bytes, in %s (%.1f s, %d threads)\n",
		len(tabs.All()), c.Pieces, bytes, c.Dir, time.Since(start).Seconds(), threads)
	return nil
}

type egtbProbeCmd struct {
	Dir           string `help:"Directory of table files (default: the built-in tables of up to 3 pieces)." placeholder:"DIR"`
	positionFlags `embed:""`
	Position      string `arg:"" optional:"" help:"${position_help}"`
}

func (c *egtbProbeCmd) Run() error {
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	p := g.Position()
	tabs, err := openTables(c.Dir)
	if err != nil {
		return err
	}
	r, ok := tabs.Probe(&p)
	moves, movesOK := tabs.ProbeMoves(&p)
	if !ok || !movesOK {
		return usageError{fmt.Errorf("no table for this position of %d pieces or for one of its moves (the tables cover every position of up to %d pieces)", bits.OnesCount64(p.Occupied()), tabs.MaxPieces())}
	}
	fmt.Printf("position: %v\nvalue: %v (%v to move)\n", p, r, p.SideToMove())
	for _, m := range moves {
		fmt.Printf("%-12s %v\n", p.FormatMove(m.Move), m.Result)
	}
	return nil
}

type egtbVerifyCmd struct {
	Threads int    `default:"0" help:"Goroutines, 0 = one per core (default: 0)." placeholder:"T"`
	Dir     string `arg:"" help:"Directory of table files; every table their moves lead into must be there too."`
}

func (c *egtbVerifyCmd) Run() error {
	if c.Threads < 0 || c.Threads > 256 {
		return usageError{fmt.Errorf("--threads must be 0 to 256, not %d", c.Threads)}
	}
	threads := c.Threads
	if threads == 0 {
		threads = runtime.NumCPU()
	}
	tabs, err := openTables(c.Dir)
	if err != nil {
		return err
	}
	start := time.Now()
	err = tabs.Verify(context.Background(), threads, func(t *egtb.Table, elapsed time.Duration) {
		fmt.Printf("%v  %10d slots  ok  %.2f s\n", t.Signature(), t.Size(), elapsed.Seconds())
	})
	if err != nil {
		return err
	}
	fmt.Printf("%s: ok: %d tables, every position covered up to %d pieces, every value consistent with its successors (%.1f s)\n",
		c.Dir, len(tabs.All()), tabs.MaxPieces(), time.Since(start).Seconds())
	return nil
}

type egtbStatsCmd struct {
	Dir string `help:"Directory of table files (default: the built-in tables of up to 3 pieces)." placeholder:"DIR"`
}

func (c *egtbStatsCmd) Run() error {
	tabs, err := openTables(c.Dir)
	if err != nil {
		return err
	}
	fmt.Printf("%-9s %10s %10s %10s %10s %6s  %s\n", "signature", "positions", "wins", "draws", "losses", "longest", "longest win")
	for _, t := range tabs.All() {
		st := t.Stats()
		longest := "-"
		if p, r, ok := t.LongestWin(); ok {
			longest = fmt.Sprintf("%v (%v)", p, r)
		}
		fmt.Printf("%-9v %10d %10d %10d %10d %6d  %s\n", t.Signature(), st.Wins+st.Draws+st.Losses, st.Wins, st.Draws, st.Losses, st.LongestWin, longest)
	}
	return nil
}

// openTables loads the tables of dir, or the built-in ones for "". A bad
// directory or table file is bad input.
func openTables(dir string) (*egtb.Tables, error) {
	if dir == "" {
		return egtb.Embedded(), nil
	}
	t, err := egtb.Open(dir)
	if err != nil {
		return nil, usageError{err}
	}
	return t, nil
}
