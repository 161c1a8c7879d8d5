// `dameo egtb`: build, probe, verify and summarize the endgame tables.

package main

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"os/signal"
	"path/filepath"
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
	Pieces  int    `required:"" help:"Build every table of 2 to N pieces, N from 2 to ${max_table_pieces} (required)." placeholder:"N"`
	Egtb    string `required:"" aliases:"dir" help:"Folder to write the table files to, created if missing (required)." placeholder:"DIR"`
	Threads int    `default:"0" help:"Threads, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"T"`
}

func (c *egtbBuildCmd) Run() error {
	switch {
	case c.Pieces < 2 || c.Pieces > egtb.MaxTablePieces:
		return usageError{fmt.Errorf("--pieces must be 2 to %d, not %d", egtb.MaxTablePieces, c.Pieces)}
	}
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.Egtb, 0o755); err != nil {
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
			path := filepath.Join(c.Egtb, t.Signature().FileName())
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
		return interruptedBy(ctx, err)
	}
	fmt.Printf("%d tables of up to %d pieces, %d bytes, in %s (%.1f s, %d threads)\n",
		len(tabs.All()), c.Pieces, bytes, c.Egtb, time.Since(start).Seconds(), threads)
	return nil
}

type egtbProbeCmd struct {
	Egtb          string `aliases:"dir" help:"Folder of table files (default: the built-in tables of up to 3 pieces)." placeholder:"DIR"`
	positionFlags `embed:""`
	Position      string `arg:"" optional:"" help:"Position text in quotes, e.g. \"8/8/8/8/8/8/8/2w1W2B w\" (required, or --fen: the tables cover positions of a few pieces only)."`
}

// Help is the long help of `dameo egtb probe --help`: the output.
func (c *egtbProbeCmd) Help() string {
	return tableResultsHelp + ` Prints the position's value for its side to
move, then each legal move with the value it leads to for the side that
plays it, best first.`
}

// tableResultsHelp explains the values the tables give.
const tableResultsHelp = `A table's value is "win in N", "draw" or "loss in N" for the side to move,
N counting plies (moves of either side) to the end of the game with the best
play of both: the winner wins as fast as it can, the loser holds out.`

func (c *egtbProbeCmd) Run() error {
	if c.Position == "" && c.FEN == "" {
		return usageError{fmt.Errorf("egtb probe needs a position (the start position is far beyond the tables), e.g. dameo egtb probe \"8/8/8/8/8/8/8/2w1W2B w\"")}
	}
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	p := g.Position()
	tabs, err := openTables(c.Egtb)
	if err != nil {
		return err
	}
	r, ok := tabs.Probe(&p)
	moves, movesOK := tabs.ProbeMoves(&p)
	if !ok || !movesOK {
		return usageError{fmt.Errorf("no table for this position of %d pieces or for one of its moves (the tables cover every position of up to %d pieces)", bits.OnesCount64(p.Occupied()), tabs.MaxPieces())}
	}
	fmt.Printf("position: %v\nvalue: %s (%v to move)\n", p, inPlies(r), p.SideToMove())
	for _, m := range moves {
		fmt.Printf("%-12s %s\n", p.FormatMove(m.Move), inPlies(m.Result))
	}
	return nil
}

type egtbVerifyCmd struct {
	Threads int    `default:"0" help:"Threads, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"T"`
	Egtb    string `help:"Folder of table files; every table their moves lead into must be there too (required)." placeholder:"DIR"`
	Dir     string `arg:"" optional:"" help:"The folder, the same as --egtb."`
}

// Help is the detail of `dameo egtb verify --help`: its exit status.
func (c *egtbVerifyCmd) Help() string {
	return "Exits with status 1 when the tables fail the check (a table file with a bad checksum or a wrong name, " +
		"a table missing that the moves of another lead into, a value that disagrees with its successors) " +
		"and 2 when the folder is missing or unreadable."
}

func (c *egtbVerifyCmd) Run() error {
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	dir := c.Egtb
	switch {
	case dir == "" && c.Dir == "":
		return usageError{fmt.Errorf("egtb verify needs the folder of the tables: --egtb DIR")}
	case dir != "" && c.Dir != "" && dir != c.Dir:
		return usageError{fmt.Errorf("two folders given, --egtb %s and %s: give one", dir, c.Dir)}
	case dir == "":
		dir = c.Dir
	}
	// The folder missing or unreadable is bad input; a table in it that
	// cannot be loaded (a bad checksum, a wrong name) fails the check.
	tabs, err := egtb.Open(dir)
	if err != nil {
		return unreadableIsUsage(err)
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
	Egtb string `aliases:"dir" help:"Folder of table files (default: the built-in tables of up to 3 pieces)." placeholder:"DIR"`
}

// Help is the long help of `dameo egtb stats --help`: the columns.
func (c *egtbStatsCmd) Help() string {
	return `One line a table. A table holds the positions of one material, its
signature: four digits counting white men, white kings, black men and black
kings (0101: one white king against one black king; 1010: a man each).
"wins", "draws" and "losses" count the table's positions by their value for
the side to move, "longest" is its longest win in plies, and the last column
a position of that longest win.

` + tableResultsHelp
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

// inPlies is a table's value with its unit: "win in 39 plies".
func inPlies(r egtb.Result) string {
	if r.WDL == egtb.Draw {
		return r.String()
	}
	return r.String() + " plies"
}
