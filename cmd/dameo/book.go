// `dameo book`: build, import, dump, show and verify opening books.

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/bookbuild"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

type bookCmd struct {
	Build  bookBuildCmd  `cmd:"" help:"Build a book from game records (--from-pdn) or by search (--from-search)."`
	Import bookImportCmd `cmd:"" help:"Make a book file from the text form."`
	Dump   bookDumpCmd   `cmd:"" help:"Print a book in the text form."`
	Show   bookShowCmd   `cmd:"" help:"List the book moves of a position with weights and scores."`
	Verify bookVerifyCmd `cmd:"" help:"Check a book file: format, checksum, positions, every move legal."`
}

type bookBuildCmd struct {
	FromPDN     bool     `name:"from-pdn" help:"Build from the PDN game records FILE..."`
	Plies       int      `default:"16" help:"--from-pdn: book positions within the first P plies (default: ${default})." placeholder:"P"`
	MinGames    int      `default:"2" help:"--from-pdn: keep positions seen in at least K games (default: ${default})." placeholder:"K"`
	FromSearch  bool     `name:"from-search" help:"Build by drop-out expansion from the start position, searching the leaves."`
	Positions   int      `default:"3000" help:"--from-search: number of book positions (default: ${default})." placeholder:"N"`
	Depth       int      `default:"4" help:"--from-search: search depth of the leaves (default: ${default})." placeholder:"D"`
	PlyCost     int      `default:"10" help:"--from-search: drop-out cost of a ply in hundredths of a man; higher: a wider, shallower book (default: ${default})." placeholder:"C"`
	Concurrency int      `default:"0" aliases:"workers" help:"--from-search: searches at once, 0 to 256, 0 = one per CPU (default: ${default})." placeholder:"N"`
	Hash        int      `default:"32" help:"--from-search: transposition table per search in MiB (default: ${default})." placeholder:"MB"`
	Resume      bool     `help:"--from-search: continue the book in the output file instead of starting afresh."`
	Output      string   `short:"o" required:"" help:"Book file to write." placeholder:"FILE"`
	Files       []string `arg:"" optional:"" name:"FILE" help:"PDN files (with --from-pdn)."`
}

func (c *bookBuildCmd) Run() error {
	switch {
	case c.FromPDN == c.FromSearch:
		return usageError{fmt.Errorf("give exactly one of --from-pdn and --from-search")}
	case c.FromPDN && len(c.Files) == 0:
		return usageError{fmt.Errorf("--from-pdn needs at least one PDN file")}
	case c.FromSearch && len(c.Files) > 0:
		return usageError{fmt.Errorf("--from-search takes no files (got %q)", c.Files[0])}
	case c.Plies < 1 || c.Plies > 200:
		return usageError{fmt.Errorf("--plies must be 1 to 200, not %d", c.Plies)}
	}
	if err := atLeast("min-games", int64(c.MinGames), 1); err != nil {
		return err
	}
	if c.FromSearch {
		return c.buildFromSearch()
	}
	var games []*pdn.Game
	for _, f := range c.Files {
		r, err := os.Open(f)
		if err != nil {
			return usageError{err}
		}
		gs, err := pdn.ReadAll(r)
		r.Close()
		if err != nil {
			return usageError{fmt.Errorf("%s: %v", f, err)}
		}
		games = append(games, gs...)
	}
	info := fmt.Sprintf("dameo %s: book build --from-pdn --plies %d --min-games %d %s", version, c.Plies, c.MinGames, strings.Join(c.Files, " "))
	b, st, err := bookbuild.FromPDN(games, c.Plies, c.MinGames, info)
	if err != nil {
		return err
	}
	if err := b.Save(c.Output); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %s from %s (%d used, %d skipped: unfinished or with a bad position or move)\n", c.Output, plural(b.Len(), "position"), plural(st.Games, "game"), st.Used, st.Skipped)
	return nil
}

type bookImportCmd struct {
	Output string `short:"o" required:"" help:"Book file to write." placeholder:"FILE"`
	File   string `arg:"" help:"Book in text form ('-' for standard input)."`
}

func (c *bookImportCmd) Run() error {
	r := os.Stdin
	if c.File != "-" {
		f, err := os.Open(c.File)
		if err != nil {
			return usageError{err}
		}
		defer f.Close()
		r = f
	}
	b, err := book.ReadText(r)
	if err != nil {
		return usageError{fmt.Errorf("%s: %v", c.File, err)}
	}
	if err := b.Save(c.Output); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", c.Output, plural(b.Len(), "position"))
	return nil
}

type bookDumpCmd struct {
	Book string `help:"Book file (default: the built-in book)." placeholder:"FILE"`
	File string `arg:"" optional:"" help:"The book file, the same as --book."`
}

func (c *bookDumpCmd) Run() error {
	path, err := bookFile(c.Book, c.File, false)
	if err != nil {
		return err
	}
	b, err := loadBook(path)
	if err != nil {
		return usageError{err}
	}
	return b.WriteText(os.Stdout)
}

type bookShowCmd struct {
	Book          string `help:"Book file (default: the built-in book)." placeholder:"FILE"`
	positionFlags `embed:""`
	Position      string `arg:"" optional:"" help:"${position_help}"`
}

func (c *bookShowCmd) Run() error {
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	p := g.Position()
	b, err := loadBook(c.Book)
	if err != nil {
		return usageError{err}
	}
	e := b.Lookup(&p)
	if e == nil {
		fmt.Println("not in the book")
		return nil
	}
	playable := map[engine.Move]bool{}
	for _, m := range b.Candidates(&p) {
		playable[m.Move] = true
	}
	fmt.Printf("%-12s %8s %7s  (* = may be played)\n", "move", "weight", "score")
	for _, m := range e.Moves {
		mark := ""
		if playable[m.Move] {
			mark = " *"
		}
		fmt.Printf("%-12s %8d %+7.2f%s\n", p.FormatMove(m.Move), m.Weight, float64(m.Score)/100, mark)
	}
	return nil
}

type bookVerifyCmd struct {
	Book string `help:"Book file to check (required)." placeholder:"FILE"`
	File string `arg:"" optional:"" help:"The book file, the same as --book."`
}

// Help is the detail of `dameo book verify --help`.
func (c *bookVerifyCmd) Help() string {
	return "Exits with status 1 when the book fails a check and 2 when the file is missing or unreadable."
}

func (c *bookVerifyCmd) Run() error {
	path, err := bookFile(c.Book, c.File, true)
	if err != nil {
		return err
	}
	b, err := loadBook(path)
	if err != nil {
		return unreadableIsUsage(err)
	}
	moves := 0
	for _, e := range b.Entries() {
		moves += len(e.Moves)
	}
	_, reachable := b.Ordered()
	fmt.Printf("%s: ok: %s (%d reachable from the start position through book moves), %s, every move legal\ninfo: %s\n", path, plural(b.Len(), "position"), reachable, plural(moves, "move"), b.Info)
	return nil
}

// bookFile is the book named by --book or by the argument of the old form;
// required says whether one must be given ("" is the built-in book).
func bookFile(flag, arg string, required bool) (string, error) {
	switch {
	case flag != "" && arg != "" && flag != arg:
		return "", usageError{fmt.Errorf("two books given, --book %s and %s: give one", flag, arg)}
	case flag == "" && arg == "" && required:
		return "", usageError{fmt.Errorf("give the book file: --book FILE")}
	case flag == "":
		return arg, nil
	}
	return flag, nil
}

// loadBook loads a book file, or the built-in book for "". When the file
// is not a book file at all, the error says how to make one of a book in
// text form.
func loadBook(path string) (*book.Book, error) {
	if path == "" {
		return book.Builtin()
	}
	b, err := book.Load(path)
	if errors.Is(err, book.ErrNotBook) {
		err = fmt.Errorf("%w; if it is a book in text form (as dameo book dump writes), make a book file of it with: dameo book import %s -o BOOK", err, path)
	}
	return b, err
}

// buildFromSearch runs the drop-out builder, saving the book every 30
// seconds and when interrupted, so a later --resume continues it.
func (c *bookBuildCmd) buildFromSearch() error {
	switch {
	case c.Positions < 1 || c.Positions > 10_000_000:
		return usageError{fmt.Errorf("--positions must be 1 to 10000000, not %d", c.Positions)}
	case c.Depth < 1 || c.Depth > 60:
		return usageError{fmt.Errorf("--depth must be 1 to 60, not %d", c.Depth)}
	case c.PlyCost < 1 || c.PlyCost > 10000:
		return usageError{fmt.Errorf("--ply-cost must be 1 to 10000, not %d", c.PlyCost)}
	case c.Hash < 1 || c.Hash > 65536:
		return usageError{fmt.Errorf("--hash must be 1 to 65536 MiB, not %d", c.Hash)}
	}
	workers, err := parallel("concurrency", c.Concurrency)
	if err != nil {
		return err
	}
	var from *book.Book
	if c.Resume {
		b, err := loadBook(c.Output)
		if err != nil {
			return err
		}
		from = b
	}
	o := bookbuild.DropOut{
		Positions: c.Positions,
		Workers:   workers,
		PlyCost:   c.PlyCost,
		Info:      fmt.Sprintf("dameo %s: book build --from-search --positions %d --depth %d --ply-cost %d", version, c.Positions, c.Depth, c.PlyCost),
		NewEvaluator: func() (bookbuild.Evaluator, error) {
			return bookbuild.NewSearchEvaluator(c.Depth, c.Hash), nil
		},
		Checkpoint:      func(b *book.Book) error { return b.Save(c.Output) },
		CheckpointEvery: 30 * time.Second,
	}
	if term.IsTerminal(int(os.Stderr.Fd())) {
		bar := progressbar.NewOptions(c.Positions, progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription("book positions"), progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
		bar.Set(from.Len())
		o.Progress = func(done, _ int) { bar.Set(done) }
		defer bar.Finish()
	} else {
		lines := startProgressLines(os.Stderr, "book positions", from.Len(), c.Positions, progressEvery)
		o.Progress = func(done, _ int) { lines.set(done) }
		defer lines.close()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	b, err := o.Build(ctx, from)
	if b != nil && (err == nil || ctx.Err() != nil) {
		if serr := b.Save(c.Output); serr != nil {
			return serr
		}
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w: %s holds the %s done; --resume continues", errInterrupted, c.Output, plural(b.Len(), "position"))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %s in %.1f s with %s at depth %d\n", c.Output, plural(b.Len(), "position"), time.Since(start).Seconds(), plural(workers, "worker"), c.Depth)
	return nil
}
