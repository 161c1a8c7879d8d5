// `dameo egtb`: build, probe, verify and summarize the endgame tables.

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"os"
	"time"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/gen"
)

type egtbCmd struct {
	Build  egtbBuildCmd  `cmd:"" help:"Generate every table of 2 to N pieces into a folder (by default the data directory)."`
	Plan   egtbPlanCmd   `cmd:"" help:"List the tables of up to N pieces in build order: sizes and the tables each needs."`
	Probe  egtbProbeCmd  `cmd:"" help:"Show a position's value and distance to win, and each legal move's, best first."`
	Verify egtbVerifyCmd `cmd:"" help:"Check the tables of a folder: files, checksums, and every value against its successors."`
	Stats  egtbStatsCmd  `cmd:"" help:"Count the wins, draws and losses of each table, with its longest win."`
}

// tablesHelp describes the --egtb flag of the commands that read tables.
const tablesHelp = "Folder of table files (default: the data directory, " + dataDirHelp + ", completed by the built-in tables of up to 3 pieces)."

// dataDirHelp is where the data directory is, as the help texts say it
// (egtb.DefaultDir).
const dataDirHelp = `$XDG_DATA_HOME/dameo/egtb, else ~/.local/share/dameo/egtb; on Windows %LOCALAPPDATA%\dameo\egtb`

type egtbBuildCmd struct {
	Pieces          int     `required:"" help:"Build every table of 2 to N pieces, N from 2 to ${max_table_pieces} (required)." placeholder:"N"`
	Egtb            string  `aliases:"dir" help:"Folder to write the table files to, created if missing (default: the data directory, ${data_dir})." placeholder:"DIR"`
	Table           string  `help:"Build only the table of this material (e.g. 0211) and its colour swap; the tables it needs must be in the folder; implies --resume (default: every table)." placeholder:"MATERIAL"`
	Resume          bool    `help:"Keep the tables the folder already holds (checked; a damaged one is built again), and with --sliced go on with a table from its checkpoint (default: false)."`
	Verify          bool    `help:"Check each table against its successors before saving it, about as long again (default: false; dameo egtb verify does it later)."`
	Memory          int     `default:"8" help:"Refuse a table whose generation needs more than G GiB (estimated, see dameo egtb plan), 1 to ${max_table_memory} (default: 8)." placeholder:"G"`
	Threads         int     `default:"0" help:"Threads, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"T"`
	Sliced          bool    `help:"Solve each table with men slice by slice of men placement, in less memory (dameo egtb plan --sliced); the same tables (default: false)."`
	CheckpointEvery seconds `default:"600" help:"With --sliced: save the state of a table being solved (MATERIAL.partial in the folder, the size of its .egtb files) after a wave once S seconds have passed since its start or last save, for --resume to go on from; 0 or more, 0 = after every wave (default: 600)." placeholder:"S"`
}

// maxTableMemory bounds --memory, in GiB.
const maxTableMemory = 1 << 20

func (c *egtbBuildCmd) Run() error {
	switch {
	case c.Pieces < 2 || c.Pieces > egtb.MaxTablePieces:
		return usageError{fmt.Errorf("--pieces must be 2 to %d, not %d", egtb.MaxTablePieces, c.Pieces)}
	}
	if err := inRange("memory", int64(c.Memory), 1, maxTableMemory); err != nil {
		return err
	}
	if c.CheckpointEvery < 0 {
		return usageError{fmt.Errorf("--checkpoint-every must be 0 or more seconds, not %g", c.CheckpointEvery.duration().Seconds())}
	}
	dir, err := tablesDir(c.Egtb, "")
	if err != nil {
		return err
	}
	var only *egtb.Material
	if c.Table != "" {
		s, err := egtb.ParseMaterial(c.Table)
		if err != nil || s.Pieces() > c.Pieces {
			return usageError{fmt.Errorf("--table %q: want the material of a table of up to %d pieces", c.Table, c.Pieces)}
		}
		only = &s
	}
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usageError{err}
	}
	ctx, stop := untilSignal()
	defer stop()
	start := time.Now()
	var bytes int64
	var tables, slots int
	total := 0
	for _, unit := range gen.Units(c.Pieces) {
		for _, s := range unit {
			if only == nil || s == *only || s == only.Swap() {
				total += int(egtb.Size(s))
			}
		}
	}
	progress := startProgress("egtb build: slots", 0, total)
	out, errOut := progress.above(os.Stdout), progress.above(os.Stderr)
	store, err := gen.OpenStore(dir, c.Resume || only != nil, func(err error) { fmt.Fprintln(errOut, err) })
	if err != nil {
		return err
	}
	err = gen.Build(ctx, gen.BuildOptions{
		Pieces:          c.Pieces,
		Threads:         threads,
		Verify:          c.Verify,
		Sliced:          c.Sliced,
		Only:            only,
		MaxMemory:       uint64(c.Memory) << 30,
		Storage:         store,
		CheckpointEvery: c.CheckpointEvery.duration(),
		Solving: func(solved uint64) {
			progress.set(min(slots+int(solved), total))
		},
		Resumed: func(unit []egtb.Material, wave, waves int, solved uint64) {
			progress.skip(int(solved))
			progress.set(min(slots+int(solved), total))
			fmt.Fprintf(errOut, "%v (with %v): resumed from its checkpoint, %d of %d waves solved, %d positions\n", unit[0], unit[len(unit)-1], wave, waves, solved)
		},
		Progress: func(r gen.Report) {
			st := r.Table.Stats()
			tables++
			slots += int(r.Table.Size())
			if r.Kept {
				progress.skip(int(r.Table.Size()))
			}
			progress.set(slots)
			bytes += store.Bytes(r.Table.Material())
			what := fmt.Sprintf("%7.2f s", r.Elapsed.Seconds())
			if r.Kept {
				what = "kept     "
			}
			fmt.Fprintf(out, "%v  %10d slots  %10d wins  %10d draws  %10d losses  longest win %3d  %s (with %v)\n",
				r.Table.Material(), r.Table.Size(), st.Wins, st.Draws, st.Losses, st.LongestWin, what, r.With)
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

// tablesDir is the folder given by --egtb or as an argument, else the
// data directory.
func tablesDir(flag, arg string) (string, error) {
	switch {
	case flag != "" && arg != "" && flag != arg:
		return "", usageError{fmt.Errorf("two folders given, --egtb %s and %s: give one", flag, arg)}
	case flag != "":
		return flag, nil
	case arg != "":
		return arg, nil
	}
	return egtb.DefaultDir()
}

type egtbPlanCmd struct {
	Pieces  int  `required:"" help:"List the tables of 2 to N pieces, N from 2 to ${max_plan_pieces} (required)." placeholder:"N"`
	Sliced  bool `help:"Give the memory of dameo egtb build --sliced (default: false, the memory without it)."`
	Threads int  `default:"0" help:"With --sliced: the threads of the build, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"T"`
	Bytes   bool `help:"Give the sizes in bytes, for scripts (default: false, for people: 8.5 MB)."`
}

func (c *egtbPlanCmd) Run() error {
	if err := inRange("pieces", int64(c.Pieces), 2, gen.PlanPieces); err != nil {
		return err
	}
	threads, err := parallel("threads", c.Threads)
	if err != nil {
		return err
	}
	if c.Sliced {
		fmt.Print(gen.PlanSliced(c.Pieces, threads, c.Bytes))
		return nil
	}
	fmt.Print(gen.Plan(c.Pieces, c.Bytes))
	return nil
}

type egtbProbeCmd struct {
	Egtb          string `aliases:"dir" help:"${tables_help}" placeholder:"DIR"`
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
play of both: the winner wins as fast as it can, the loser holds out. Where
only a WDL file (.wdl) holds a position, its value is "win" or "loss" alone.`

func (c *egtbProbeCmd) Run() error {
	if c.Position == "" && c.FEN == "" {
		return usageError{fmt.Errorf("egtb probe needs a position (the start position is far beyond the tables), e.g. dameo egtb probe \"8/8/8/8/8/8/8/2w1W2B w\"")}
	}
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	p := g.Position()
	tabs, err := openTables(c.Egtb, warnUnusedTable)
	if err != nil {
		return err
	}
	defer tabs.Close()
	r, ok := tabs.ProbeAny(&p)
	moves, movesOK := tabs.ProbeAnyMoves(&p)
	if !ok || !movesOK {
		return usageError{fmt.Errorf("no table for this position of %d pieces or for one of its moves (the tables cover every position of up to %d pieces)", bits.OnesCount64(p.Occupied()), tabs.WDLPieces())}
	}
	fmt.Printf("position: %v\nvalue: %s (%v to move)\n", p, inPlies(r), p.SideToMove())
	for _, m := range moves {
		fmt.Printf("%-12s %s\n", p.FormatMove(m.Move), inPlies(m.Result))
	}
	return nil
}

type egtbVerifyCmd struct {
	Threads int    `default:"0" help:"Threads, 0 to 256, 0 = one per CPU (default: 0)." placeholder:"T"`
	Values  bool   `default:"true" negatable:"" help:"Check every value against its successors; --no-values checks only the files (default: true)."`
	Egtb    string `help:"Folder of table files; every table their moves lead into must be there too (default: the data directory, ${data_dir}, completed by the built-in tables of up to 3 pieces, as egtb probe and egtb stats read them)." placeholder:"DIR"`
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
	dir, tabs, err := c.tables()
	if err != nil {
		return err
	}
	defer tabs.Close()
	if !c.Values {
		fmt.Printf("%s: files ok: %d tables, every position covered up to %d pieces (values not checked)\n", dir, len(tabs.All()), tabs.FullPieces())
		return nil
	}
	start := time.Now()
	err = tabs.Verify(context.Background(), threads, func(t *egtb.Table, elapsed time.Duration) {
		fmt.Printf("%v  %10d slots  ok  %.2f s\n", t.Material(), t.Size(), elapsed.Seconds())
	})
	if err != nil {
		return err
	}
	fmt.Printf("%s: ok: %d tables, every position covered up to %d pieces, every value consistent with its successors (%.1f s)\n",
		dir, len(tabs.All()), tabs.FullPieces(), time.Since(start).Seconds())
	return nil
}

// tables opens the tables to verify and says where they are: those of the
// folder given, else of the data directory, or when it does not exist the
// built-in tables (as egtb probe and egtb stats fall back to them). A
// folder given that is missing or unreadable is bad input; a table that
// cannot be loaded (a bad checksum, a wrong name) fails the check.
func (c *egtbVerifyCmd) tables() (string, *egtb.Tables, error) {
	dir, err := tablesDir(c.Egtb, c.Dir)
	if c.Egtb == "" && c.Dir == "" {
		if err != nil {
			return "the built-in tables (no data directory)", egtb.Embedded(), nil
		}
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			return "the built-in tables (no data directory " + dir + ")", egtb.Embedded(), nil
		}
	}
	if err != nil {
		return "", nil, err
	}
	tabs, err := egtb.Open(dir)
	if err != nil {
		return "", nil, unreadableIsUsage(err)
	}
	return dir, tabs, nil
}

type egtbStatsCmd struct {
	Egtb string `aliases:"dir" help:"${tables_help}" placeholder:"DIR"`
}

// Help is the long help of `dameo egtb stats --help`: the columns.
func (c *egtbStatsCmd) Help() string {
	return `One line a table. A table holds the positions of one material, written
as four digits counting white men, white kings, black men and black
kings (0101: one white king against one black king; 1010: a man each).
"wins", "draws" and "losses" count the table's positions by their value for
the side to move, "longest" is its longest win in plies, and the last column
a position of that longest win.

` + tableResultsHelp
}

func (c *egtbStatsCmd) Run() error {
	tabs, err := openTables(c.Egtb, nil)
	if err != nil {
		return err
	}
	defer tabs.Close()
	fmt.Printf("%-9s %10s %10s %10s %10s %6s  %s\n", "material", "positions", "wins", "draws", "losses", "longest", "longest win")
	for _, t := range tabs.All() {
		st := t.Stats()
		longest := "-"
		if p, r, ok := t.LongestWin(); ok {
			longest = fmt.Sprintf("%v (%v)", p, r)
		}
		fmt.Printf("%-9v %10d %10d %10d %10d %6d  %s\n", t.Material(), st.Wins+st.Draws+st.Losses, st.Wins, st.Draws, st.Losses, st.LongestWin, longest)
	}
	return nil
}

// openTables loads the tables of the folder given by --egtb, or the
// default set. A bad folder or table file is bad input. With report nil
// every file is checked whole now; otherwise only its header and size,
// the rest at the table's first probe, a failure being told to report.
func openTables(dir string, report func(error)) (*egtb.Tables, error) {
	var t *egtb.Tables
	var err error
	switch {
	case dir == "":
		t, err = egtb.OpenDefault(report)
	case report == nil:
		t, err = egtb.Open(dir)
	default:
		t, err = egtb.OpenForSearch(dir, report)
	}
	if err != nil {
		return nil, usageError{err}
	}
	return t, nil
}

// warnUnusedTable is the report of openTables for the commands that
// search: a table that fails its check is named on standard error and
// left out.
func warnUnusedTable(err error) {
	fmt.Fprintf(os.Stderr, "warning: %v; the table is not used\n", err)
}

// inPlies is a table's value with its unit: "win in 39 plies", "win in 1 ply";
// "win" alone when a WDL file alone gives it.
func inPlies(r egtb.Result) string {
	if r.WDL == egtb.Draw || !r.DistanceKnown() {
		return r.String()
	}
	return fmt.Sprintf("%v in %s", r.WDL, plies(r.DTW))
}
