// `dameo book`: build, import, dump, show and verify opening books.

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/bookbuild"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/pdn"
)

type bookCmd struct {
	Build  bookBuildCmd  `cmd:"" help:"Build a book from game records (--from-pdn) or by search (--from-search, --shard I/N for a share of it)."`
	Merge  bookMergeCmd  `cmd:"" help:"Make the book of a sharded search build from its shard files."`
	Import bookImportCmd `cmd:"" help:"Make a book file from the text form."`
	Dump   bookDumpCmd   `cmd:"" help:"Print a book in the text form."`
	Show   bookShowCmd   `cmd:"" help:"List the book moves of a position with weights and scores."`
	Verify bookVerifyCmd `cmd:"" help:"Check a book file: format, checksum, positions, every move legal."`
}

type bookBuildCmd struct {
	FromPDN      bool     `name:"from-pdn" help:"Build from the PDN game records FILE..."`
	Plies        int      `default:"16" help:"--from-pdn: book positions within the first P plies (default: ${default})." placeholder:"P"`
	MinGames     int      `default:"2" help:"--from-pdn: keep positions seen in at least K games (default: ${default})." placeholder:"K"`
	MinMoveGames int      `default:"5" help:"--from-pdn: a move may be played from the book when it was played in at least K games (default: ${default})." placeholder:"K"`
	MinScore     int      `default:"40" help:"--from-pdn: a move may be played from the book when it scored at least PCT percent of the points of its games (and was played in --min-move-games), 0 to 100 (default: ${default})." placeholder:"PCT"`
	SearchBook   string   `placeholder:"FILE" help:"--from-pdn: join a book by search: its positions join the games', and a move both have gets a score partly the games' (--games-share)."`
	GamesShare   int      `default:"50" help:"--from-pdn --search-book: percent of a move's score from the games, the rest from the search, 0 to 100 (default: ${default})." placeholder:"PCT"`
	FromSearch   bool     `name:"from-search" help:"Build by drop-out expansion from the start position, searching the leaves."`
	Positions    int      `default:"3000" help:"--from-search: number of book positions (default: ${default})." placeholder:"N"`
	Depth        int      `default:"4" help:"--from-search: search depth of the leaves (default: ${default})." placeholder:"D"`
	PlyCost      int      `default:"10" help:"--from-search: drop-out cost of a ply in hundredths of a man; higher: a wider, shallower book (default: ${default})." placeholder:"C"`
	Growth       int      `default:"2" help:"--from-search: percent of the book expanded in one round, 1 to 100; higher: fewer rounds, each with more leaves to search at once (default: ${default})." placeholder:"PCT"`
	Shard        string   `placeholder:"I/N" help:"--from-search: search the I-th of N shares of the next round's leaves into the shard file -o, the shard files of the earlier rounds given as FILE... (dameo book merge makes the book)."`
	Concurrency  int      `default:"0" aliases:"workers" help:"--from-search: searches at once, 0 to 256, 0 = one per CPU (default: ${default})." placeholder:"N"`
	Hash         int      `default:"32" help:"--from-search: transposition table per search in MiB (default: ${default})." placeholder:"MB"`
	Resume       bool     `help:"--from-search: continue the book (or with --shard, the shard file) in the output file instead of starting afresh; its settings must be the same (a book may grow to more --positions); a shard file not made yet is begun."`
	Output       string   `short:"o" required:"" help:"Book file to write." placeholder:"FILE"`
	Files        []string `arg:"" optional:"" name:"FILE" help:"PDN files (with --from-pdn); shard files of the earlier rounds (with --from-search --shard)."`
}

func (c *bookBuildCmd) Run() error {
	switch {
	case c.FromPDN == c.FromSearch:
		return usageError{fmt.Errorf("give exactly one of --from-pdn and --from-search")}
	case c.FromPDN && len(c.Files) == 0:
		return usageError{fmt.Errorf("--from-pdn needs at least one PDN file")}
	case c.FromSearch && c.Shard == "" && len(c.Files) > 0:
		return usageError{fmt.Errorf("--from-search takes no files without --shard (got %q)", c.Files[0])}
	case c.FromPDN && c.Shard != "":
		return usageError{fmt.Errorf("--shard goes with --from-search; the shards of a --from-pdn book are its PDN files")}
	}
	checks := []error{
		inRange("plies", int64(c.Plies), 1, 200),
		atLeast("min-games", int64(c.MinGames), 1),
		atLeast("min-move-games", int64(c.MinMoveGames), 1),
		inRange("min-score", int64(c.MinScore), 0, 100),
		inRange("games-share", int64(c.GamesShare), 0, 100),
		inRange("positions", int64(c.Positions), 1, 10_000_000),
		inRange("depth", int64(c.Depth), 1, 60),
		inRange("ply-cost", int64(c.PlyCost), 1, 10000),
		inRange("growth", int64(c.Growth), 1, 100),
		inRange("hash", int64(c.Hash), 1, 65536),
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	workers, err := parallel("concurrency", c.Concurrency)
	if err != nil {
		return err
	}
	if c.FromSearch {
		return c.buildFromSearch(workers)
	}
	return c.buildFromPDN()
}

// buildFromPDN counts the opening moves of the games of the PDN files
// (read one game at a time) and makes the book, joined with --search-book.
func (c *bookBuildCmd) buildFromPDN() error {
	o := bookbuild.GamesBook{MinGames: c.MinGames, MinMoveGames: c.MinMoveGames, MinScore: c.MinScore, GamesShare: c.GamesShare,
		Info: fmt.Sprintf("dameo %s: book build --from-pdn --plies %d --min-games %d --min-move-games %d --min-score %d, %d PDN file(s)",
			version, c.Plies, c.MinGames, c.MinMoveGames, c.MinScore, len(c.Files))}
	if c.SearchBook != "" {
		b, err := loadBook(c.SearchBook)
		if err != nil {
			return usageError{err}
		}
		o.Search = b
		o.Info += fmt.Sprintf(", joined with %s (games' share %d%%)", filepath.Base(c.SearchBook), c.GamesShare)
	}
	gs, err := bookbuild.NewGameStats(c.Plies)
	if err != nil {
		return usageError{err}
	}
	for _, f := range c.Files {
		if err := addPDNFile(gs, f); err != nil {
			return usageError{err}
		}
	}
	b, err := gs.Book(o)
	if err != nil {
		return err
	}
	st := gs.Stats
	if b.Len() == 0 {
		return fmt.Errorf("no book written: the filters keep no position of %s (%d used): %s in at least --min-games %d, "+
			"none with a move played in at least --min-move-games %d of them that scored at least --min-score %d%%; lower them or give more games",
			plural(st.Games, "game"), st.Used, plural(gs.Seen(c.MinGames), "position"), c.MinGames, c.MinMoveGames, c.MinScore)
	}
	if err := b.Save(c.Output); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %s from %s (%d used, %d skipped: unfinished or with a bad position or move)\n", c.Output, plural(b.Len(), "position"), plural(st.Games, "game"), st.Used, st.Skipped)
	return nil
}

// addPDNFile counts the games of the PDN file path, one at a time.
func addPDNFile(gs *bookbuild.GameStats, path string) error {
	r, _, err := safefile.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	pr := pdn.NewReader(bufio.NewReaderSize(r, 1<<20))
	for {
		g, err := pr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		gs.Add(g)
	}
}

type bookImportCmd struct {
	Output string `short:"o" required:"" help:"Book file to write." placeholder:"FILE"`
	File   string `arg:"" help:"Book in text form ('-' for standard input)."`
}

func (c *bookImportCmd) Run() error {
	r := os.Stdin
	if c.File != "-" {
		f, _, err := safefile.Open(c.File)
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
	path, err := bookFile(c.Book, c.File)
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
	Book string `help:"Book file to check (default: the built-in book)." placeholder:"FILE"`
	File string `arg:"" optional:"" help:"The book file, the same as --book."`
}

// Help is the detail of `dameo book verify --help`.
func (c *bookVerifyCmd) Help() string {
	return "Exits with status 1 when the book fails a check and 2 when the file is missing or unreadable."
}

func (c *bookVerifyCmd) Run() error {
	path, err := bookFile(c.Book, c.File)
	if err != nil {
		return err
	}
	b, err := loadBook(path)
	if err != nil {
		return unreadableIsUsage(err)
	}
	if path == "" {
		path = "the built-in book"
	}
	moves := 0
	for _, e := range b.Entries() {
		moves += len(e.Moves)
	}
	_, reachable := b.Ordered()
	fmt.Printf("%s: ok: %s (%d reachable from the start position through book moves), %s, every move legal\ninfo: %s\n", path, plural(b.Len(), "position"), reachable, plural(moves, "move"), b.Info)
	return nil
}

// bookFile is the book named by --book or by the argument of the old form
// ("" is the built-in book).
func bookFile(flag, arg string) (string, error) {
	switch {
	case flag != "" && arg != "" && flag != arg:
		return "", usageError{fmt.Errorf("two books given, --book %s and %s: give one", flag, arg)}
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
// seconds and when interrupted, so a later --resume continues it; with
// --shard it searches one shard's share of a round instead.
func (c *bookBuildCmd) buildFromSearch(workers int) error {
	settings := bookbuild.SearchSettings{Positions: c.Positions, Depth: c.Depth, PlyCost: c.PlyCost, Growth: c.Growth, HashMiB: c.Hash}
	o := settings.DropOut(workers, searchBookInfo(settings))
	if c.Shard != "" {
		return c.buildShard(settings, o)
	}
	var from *book.Book
	if c.Resume {
		b, err := loadBook(c.Output)
		if err != nil {
			return usageError{err}
		}
		if !settings.Continues(b.Info) {
			return usageError{fmt.Errorf("--resume: %s was built otherwise (info: %s), not with %s", c.Output, b.Info, settings)}
		}
		if o.Known, err = readLeaves(leavesPath(c.Output), settings); err != nil {
			return usageError{fmt.Errorf("--resume: %v", err)}
		}
		from = b
	}
	leaves, err := createLeaves(leavesPath(c.Output), settings, o.Known)
	if err != nil {
		return usageError{err}
	}
	defer leaves.f.Close()
	o.Found = leaves.add
	o.Checkpoint = func(b *book.Book) error {
		if err := b.Save(c.Output); err != nil {
			return err
		}
		return leaves.clear()
	}
	o.CheckpointEvery = 30 * time.Second
	progress := startProgress("book positions", from.Len(), c.Positions)
	o.Progress = func(done, _ int) { progress.set(done) }
	ctx, stop := untilSignal()
	defer stop()
	start := time.Now()
	b, err := o.Build(ctx, from)
	progress.close()
	if b != nil && (err == nil || ctx.Err() != nil) {
		if serr := b.Save(c.Output); serr != nil {
			return serr
		}
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w: %s holds the %s done, %s the leaves searched since; --resume continues", errInterrupted, c.Output, plural(b.Len(), "position"), leavesPath(c.Output))
	}
	if err == nil {
		err = leaves.remove(leavesPath(c.Output))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %s in %.1f s with %s at depth %d\n", c.Output, plural(b.Len(), "position"), time.Since(start).Seconds(), plural(workers, "worker"), c.Depth)
	return nil
}
