// End-to-end tests of the endgame tables in analyze and in the search.

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// longWin is the longest win of material 1101 (egtb stats): win in 39,
// whose only winning move is e1-d1 (egtb probe).
const longWin = "8/8/8/8/8/8/8/2w1W2B w"

func TestAnalyzeUsesTheEmbeddedTables(t *testing.T) {
	out, _, code := run(t, "analyze", "--depth", "3", longWin)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if code != 0 || last != "bestmove e1-d1" || !strings.Contains(out, "score=99.61 ") || !strings.Contains(out, " tbhits=") {
		t.Errorf("status %d, output\n%s\nwant bestmove e1-d1 with score 99.61 (win in 39) and table hits", code, out)
	}
	if _, errOut, code := run(t, "analyze", "--depth", "1", "--egtb", t.TempDir(), longWin); code == 0 || !strings.Contains(errOut, "endgame tables") {
		t.Errorf("an empty tables directory: status %d, stderr %q, want an error about the tables", code, errOut)
	}
}

func TestSearchPlaysTheTableMove(t *testing.T) {
	p, err := engine.ParsePosition(longWin)
	if err != nil {
		t.Fatal(err)
	}
	s := search.New(search.Options{Threads: 1, HashMiB: 1, Tablebase: searchTables{egtb.Embedded()}})
	g := engine.NewGame(p)
	res := s.Search(context.Background(), g, search.Limits{Depth: 5}, nil)
	if got := p.FormatMove(res.Move); got != "e1-d1" || res.Score != search.Win-39 {
		t.Errorf("search played %s with score %d, want e1-d1 with %d (win in 39)", got, res.Score, search.Win-39)
	}
	// The game goes on along the table's line: the defender resists as
	// long as it can, and the winner keeps the shortest win.
	for _, want := range []search.Score{-(search.Win - 38), search.Win - 37, -(search.Win - 36)} {
		g.Play(res.Move)
		res = s.Search(context.Background(), g, search.Limits{Depth: 5}, nil)
		if res.Score != want {
			t.Fatalf("after %d plies the score is %d, want %d", len(g.Positions())-1, res.Score, want)
		}
	}
}

// TestSearchTablesFallBackToWDLFiles: with WDL files alone the adapter
// answers with the value and egtb.UnknownDistance, and covers their pieces.
func TestSearchTablesFallBackToWDLFiles(t *testing.T) {
	dir := t.TempDir()
	for _, tab := range egtb.Embedded().All() {
		if err := tab.WriteWDLFile(filepath.Join(dir, tab.Material().String()+".wdl")); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := loadTablebase(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tb.MostPieces() != egtb.EmbeddedPieces {
		t.Errorf("MostPieces %d with the WDL files of up to %d pieces", tb.MostPieces(), egtb.EmbeddedPieces)
	}
	p, err := engine.ParsePosition(longWin)
	if err != nil {
		t.Fatal(err)
	}
	if wdl, dtw, ok := tb.ProbeAny(&p); !ok || wdl != 1 || dtw != egtb.UnknownDistance(egtb.Win) {
		t.Errorf("probe of %s: %d %d %v", longWin, wdl, dtw, ok)
	}
}

// TestDamagedTableIsLeftOut: a table file whose checksum fails does not
// stop a search (its whole check is made at its first probe): analyze
// warns once, naming it, and searches on (the tables of the positions its
// moves lead to still answer); egtb stats, which reads every
// table whole, refuses the folder.
func TestDamagedTableIsLeftOut(t *testing.T) {
	dir := t.TempDir()
	for _, tab := range egtb.Embedded().All() {
		if err := tab.WriteFile(filepath.Join(dir, tab.Material().FileName())); err != nil {
			t.Fatal(err)
		}
	}
	damaged := filepath.Join(dir, "1101.egtb") // the material of longWin
	data, err := os.ReadFile(damaged)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 2
	if err := os.WriteFile(damaged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "analyze", "--depth", "3", "--egtb", dir, longWin)
	if code != 0 || !strings.Contains(out, "bestmove ") ||
		strings.Count(errOut, "warning:") != 1 || !strings.Contains(errOut, damaged+": bad checksum") || !strings.Contains(errOut, "not used") {
		t.Errorf("status %d, output\n%s\nstderr %q\nwant a search and one warning naming the table", code, out, errOut)
	}
	if _, errOut, code := run(t, "egtb", "stats", "--egtb", dir); code != 2 || !strings.Contains(errOut, damaged+": bad checksum") {
		t.Errorf("egtb stats: status %d, stderr %q, want status 2 and the bad checksum of %s", code, errOut, damaged)
	}
}

// TestSearchUsesTablesBeyondCompleteSets: a table of more pieces than the
// complete sets (here one 4-piece unit beside the 3-piece tables, as the
// 6-piece units that build on one machine beside the 5-piece set) is
// probed by the search.
func TestSearchUsesTablesBeyondCompleteSets(t *testing.T) {
	dir := t.TempDir()
	for _, tab := range egtb.Embedded().All() {
		if err := tab.WriteFile(filepath.Join(dir, tab.Material().FileName())); err != nil {
			t.Fatal(err)
		}
	}
	if _, errOut, code := run(t, "egtb", "build", "--pieces", "4", "--table", "0301", "--egtb", dir); code != 0 {
		t.Fatalf("egtb build --table 0301: status %d, %s", code, errOut)
	}
	tb, err := loadTablebase(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tb.MostPieces() != 4 {
		t.Errorf("MostPieces %d with the 3-piece set and table 0301, want 4", tb.MostPieces())
	}
	const threeKings = "8/8/8/8/8/8/8/WWW4B w" // table 0301
	out, errOut, code := run(t, "analyze", "--depth", "2", "--egtb", dir, threeKings)
	if code != 0 || !strings.Contains(out, "tables: the side to move wins") || !strings.Contains(out, "tbhits=") {
		t.Errorf("analyze of %s: status %d, output\n%s%s\nwant the table's win", threeKings, code, out, errOut)
	}
}
