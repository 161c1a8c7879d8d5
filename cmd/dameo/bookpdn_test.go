// Tests of `dameo book build --from-pdn`: games from several PDN files
// (the shards of a match) counted together, the thresholds, and the join
// with a search book.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// writePDN writes games of the given first moves (indices into the legal
// moves of the start position) and results to a PDN file.
func writePDN(t *testing.T, path string, results []string, first []int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	start := engine.StartPosition()
	for i, r := range results {
		g := &pdn.Game{Result: r}
		m := start.LegalMoves()[first[i]]
		g.AddMove(start.FormatMove(m), "")
		if err := pdn.Write(f, g); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBookFromPDNShards(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "shard-1.pdn"), filepath.Join(dir, "shard-2.pdn")
	// Move 0: 3 wins and a loss over the two files; move 1: 4 losses.
	writePDN(t, a, []string{pdn.WhiteWins, pdn.WhiteWins, pdn.BlackWins, pdn.BlackWins}, []int{0, 0, 1, 1})
	writePDN(t, b, []string{pdn.WhiteWins, pdn.BlackWins, pdn.BlackWins, pdn.BlackWins}, []int{0, 0, 1, 1})
	out := filepath.Join(dir, "games.bin")
	_, errOut, code := run(t, "book", "build", "--from-pdn", "--min-move-games", "4", a, b, "-o", out)
	if code != 0 || !strings.Contains(errOut, "from 8 games") {
		t.Fatalf("status %d, %s", code, errOut)
	}
	bk, err := book.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	start := engine.StartPosition()
	ms := start.LegalMoves()
	c := bk.Candidates(&start)
	if len(c) != 1 || c[0].Move != ms[0] || c[0].Weight != 6 || c[0].Score != 50 {
		t.Errorf("candidates %+v, want move 0 alone, weight 6, score 50", c)
	}
	// With one file, move 0 has 2 games: under --min-move-games 4 no move
	// qualifies, which is said, with status 1, and no book is written
	// (issue 36: an empty book and status 0 before).
	empty := filepath.Join(dir, "empty.bin")
	_, errOut, code = run(t, "book", "build", "--from-pdn", "--min-move-games", "4", a, "-o", empty)
	if code != 1 || !strings.Contains(errOut, "no book written: the filters keep no position of 4 games (4 used): 1 position in at least --min-games 2, none with a move played in at least --min-move-games 4") {
		t.Errorf("one file: status %d, %s", code, errOut)
	}
	if _, err := os.Stat(empty); err == nil {
		t.Errorf("an empty book was written")
	}
	// Joined with a search book: its positions are kept.
	search := filepath.Join(dir, "search.bin")
	if _, errOut, code := run(t, "book", "build", "--from-search", "--positions", "2", "--depth", "1", "--hash", "1", "--concurrency", "1", "-o", search); code != 0 {
		t.Fatalf("search book: %d, %s", code, errOut)
	}
	_, errOut, code = run(t, "book", "build", "--from-pdn", "--min-move-games", "4", "--search-book", search, a, b, "-o", out)
	if code != 0 || !strings.Contains(errOut, "2 positions") {
		t.Fatalf("joined: status %d, %s", code, errOut)
	}
	if bk, err = book.Load(out); err != nil {
		t.Fatal(err)
	}
	if c := bk.Candidates(&start); len(c) != 1 || c[0].Move != ms[0] || c[0].Weight != 6 {
		t.Errorf("joined candidates %+v, want move 0 alone, chosen by the games", c)
	}
	for _, args := range [][]string{
		{"--min-score", "101"}, {"--games-share", "-1"}, {"--min-move-games", "0"}, {"--search-book", filepath.Join(dir, "none.bin")},
	} {
		if _, errOut, code := run(t, append(append([]string{"book", "build", "--from-pdn", "-o", out}, args...), a)...); code != 2 {
			t.Errorf("%v: status %d, %s; want 2", args, code, errOut)
		}
	}
}
