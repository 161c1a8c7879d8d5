// `dameo egtb`: build, probe, verify and summarize the endgame tables.

package main

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/dameo/dameo/egtb"
)

type egtbCmd struct {
	Build  egtbBuildCmd  `cmd:"" help:"Generate every table of 2 to N pieces into a directory (by default the data directory)."`
	Plan   egtbPlanCmd   `cmd:"" help:"List the tables of up to N pieces in build order: sizes and the tables each needs."`
	Probe  egtbProbeCmd  `cmd:"" help:"Show a position's value and distance to win, and each legal move's, best first."`
	Verify egtbVerifyCmd `cmd:"" help:"Check the tables of a directory: files, checksums, and every value against its successors."`
	Stats  egtbStatsCmd  `cmd:"" help:"Count the wins, draws and losses of each table, with its longest win."`
}

// tablesHelp describes the --egtb flag of the commands that read tables.
const tablesHelp = "Directory of table files (default: the data directory, $XDG_DATA_HOME/dameo/egtb or ~/.local/share/dameo/egtb, completed by the built-in tables of up to 3 pieces)."

type egtbBuildCmd struct {
	Pieces  int    `required:"" help:"Build every table of 2 to N pieces." placeholder:"N"`
	Egtb    string `aliases:"dir" help:"Directory to write the table files to, created if missing (default: $XDG_DATA_HOME/dameo/egtb or ~/.local/share/dameo/egtb)." placeholder:"DIR"`
	Table   string `help:"Build only the table of this signature (e.g. 0211) and its colour swap; the tables it needs must be in the directory; implies --resume (default: every table)." placeholder:"SIG"`
	Resume  bool   `help:"Keep the tables the directory already holds (checked; a damaged one is built again) (default: false)."`
	Verify  bool   `help:"Check each table against its successors before saving it, about as long again (default: false; dameo egtb verify does it later)."`
	Memory  int    `default:"8" help:"Refuse a table whose generation needs more than G GiB (estimated, see dameo egtb plan) (default: 8)." placeholder:"G"`
	Threads int    `default:"0" help:"Goroutines, 0 = one per core (default: 0)." placeholder:"T"`
}

func (c *egtbBuildCmd) Run() error {
	switch {
	case c.Pieces < 2 || c.Pieces > egtb.MaxTablePieces:
		return usageError{fmt.Errorf("--pieces must be 2 to %d, not %d", egtb.MaxTablePieces, c.Pieces)}
	case c.Threads < 0 || c.Threads > 256:
		return usageError{fmt.Errorf("--threads must be 0 to 256, not %d", c.Threads)}
	case c.Memory < 1 || c.Memory > 1<<20:
		return usageError{fmt.Errorf("--memory must be 1 to %d GiB, not %d", 1<<20, c.Memory)}
	}
	dir, err := tablesDir(c.Egtb, "")
	if err != nil {
		return err
	}
	var only *egtb.Signature
	if c.Table != "" {
		s, err := egtb.ParseSignature(c.Table)
		if err != nil || s.Pieces() > c.Pieces {
			return usageError{fmt.Errorf("--table %q: want the signature of a table of up to %d pieces", c.Table, c.Pieces)}
		}
		only = &s
	}
	threads := c.Threads
	if threads == 0 {
		threads = runtime.NumCPU()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	var bytes int64
	var tables, slots int
	total := 0
	for _, unit := range egtb.Units(c.Pieces) {
		for _, s := range unit {
			if only == nil || s == *only || s == only.Swap() {
				total += int(egtb.Size(s))
			}
		}
	}
	progress := startProgressLines(os.Stderr, "egtb build: slots", 0, total, progressEvery)
	store := egtb.NewStore(dir, c.Resume || only != nil, func(err error) { fmt.Fprintln(os.Stderr, err) })
	err = egtb.Build(ctx, egtb.BuildOptions{
		Pieces:    c.Pieces,
		Threads:   threads,
		Verify:    c.Verify,
		Only:      only,
		MaxMemory: uint64(c.Memory) << 30,
		Finished:  store.Finished,
		Save:      store.Save,
		Progress: func(r egtb.Report) {
			st := r.Table.Stats()
			tables++
			slots += int(r.Table.Size())
			progress.set(slots)
			bytes += store.Bytes(r.Table.Signature())
			what := fmt.Sprintf("%7.2f s", r.Elapsed.Seconds())
			if r.Kept {
				what = "kept     "
			}
			fmt.Printf("%v  %10d slots  %10d wins  %10d draws  %10d losses  longest win %3d  %s (with %v)\n",
				r.Table.Signature(), r.Table.Size(), st.Wins, st.Draws, st.Losses, st.LongestWin, what, r.With)
		},
	})
	progress.close()
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("%w: the finished tables are in %s; --resume continues", errInterrupted, dir)
	case err != nil:
		return err
	}
	fmt.Printf("%d tables of up to %d pieces, %d bytes, in %s (%.1f s, %d threads)\n",
		tables, c.Pieces, bytes, dir, time.Since(start).Seconds(), threads)
	return nil
}

// tablesDir is the directory given by --egtb or as an argument, else the
// data directory.
func tablesDir(flag, arg string) (string, error) {
	switch {
	case flag != "" && arg != "" && flag != arg:
		return "", usageError{fmt.Errorf("two directories given, --egtb %s and %s: give one", flag, arg)}
	case flag != "":
		return flag, nil
	case arg != "":
		return arg, nil
	}
	return egtb.DefaultDir()
}

type egtbPlanCmd struct {
	Pieces int `required:"" help:"List the tables of 2 to N pieces (N up to 6)." placeholder:"N"`
}

func (c *egtbPlanCmd) Run() error {
	if c.Pieces < 2 || c.Pieces > egtb.PlanPieces {
		return usageError{fmt.Errorf("--pieces must be 2 to %d, not %d", egtb.PlanPieces, c.Pieces)}
	}
	fmt.Print(egtb.Plan(c.Pieces))
	return nil
}

type egtbProbeCmd struct {
	Egtb     string `aliases:"dir" help:"${tables_help}" placeholder:"DIR"`
	Position string `arg:"" optional:"" help:"Position text (default: the start position)."`
}

func (c *egtbProbeCmd) Run() error {
	p, err := parsePositionArg(c.Position)
	if err != nil {
		return err
	}
	tabs, err := openTables(c.Egtb)
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
	Values  bool   `default:"true" negatable:"" help:"Check every value against its successors; --no-values checks only the files (default: true)."`
	Egtb    string `help:"Directory of table files; every table their moves lead into must be there too (default: the data directory, $XDG_DATA_HOME/dameo/egtb or ~/.local/share/dameo/egtb)." placeholder:"DIR"`
	Dir     string `arg:"" optional:"" help:"The directory, as --egtb."`
}

func (c *egtbVerifyCmd) Run() error {
	if c.Threads < 0 || c.Threads > 256 {
		return usageError{fmt.Errorf("--threads must be 0 to 256, not %d", c.Threads)}
	}
	threads := c.Threads
	if threads == 0 {
		threads = runtime.NumCPU()
	}
	dir, err := tablesDir(c.Egtb, c.Dir)
	if err != nil {
		return err
	}
	tabs, err := egtb.Open(dir)
	if err != nil {
		return usageError{err}
	}
	if !c.Values {
		fmt.Printf("%s: files ok: %d tables, every position covered up to %d pieces (values not checked)\n", dir, len(tabs.All()), tabs.MaxPieces())
		return nil
	}
	start := time.Now()
	err = tabs.Verify(context.Background(), threads, func(t *egtb.Table, elapsed time.Duration) {
		fmt.Printf("%v  %10d slots  ok  %.2f s\n", t.Signature(), t.Size(), elapsed.Seconds())
	})
	if err != nil {
		return err
	}
	fmt.Printf("%s: ok: %d tables, every position covered up to %d pieces, every value consistent with its successors (%.1f s)\n",
		dir, len(tabs.All()), tabs.MaxPieces(), time.Since(start).Seconds())
	return nil
}

type egtbStatsCmd struct {
	Egtb string `aliases:"dir" help:"${tables_help}" placeholder:"DIR"`
}

func (c *egtbStatsCmd) Run() error {
	tabs, err := openTables(c.Egtb)
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

// openTables loads the tables of the directory given by --egtb, or the
// default set. A bad directory or table file is bad input.
func openTables(dir string) (*egtb.Tables, error) {
	var t *egtb.Tables
	var err error
	if dir == "" {
		t, err = egtb.OpenDefault()
	} else {
		t, err = egtb.Open(dir)
	}
	if err != nil {
		return nil, usageError{err}
	}
	return t, nil
}
