// Tests of the tables' values: against an independent search on random
// positions, and the verify pass, which must reject a single changed slot.

package egtb

import (
	"bytes"
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/tbtest"
)

var (
	deep      = flag.Bool("deep", false, "cross-check the tables against a search deeper than their longest win (minutes)")
	tablesDir = flag.String("dir", "", "also cross-check the tables in this directory (e.g. 4 pieces from dameo egtb build)")
)

// TestTablesMatchSearch compares the tables with the independent search on
// random positions: exactly for results within the search depth, and as
// "nothing forced within the depth" beyond it. With -deep the depth
// exceeds the longest win of the generated tables (up to 3 pieces), so
// their draws are checked too. Tables given by -dir (4 pieces and more, whose
// longest wins are too deep for the search) are checked to 9 plies, on
// more positions with -deep.
func TestTablesMatchSearch(t *testing.T) {
	tabs := Embedded()
	positions, depth := 2000, 7
	if tbtest.Race {
		positions = 300
	}
	if *deep {
		positions, depth = 4000, longestDistance(tabs)+2
	}
	crossCheck(t, tabs, positions, depth)
	if *tablesDir != "" {
		tabs, err := Open(*tablesDir)
		if err != nil {
			t.Fatal(err)
		}
		positions, depth = 1000, 9
		if *deep {
			positions = 3000
		}
		crossCheck(t, tabs, positions, depth)
	}
}

// longestDistance is the longest win or loss of the tables.
func longestDistance(tabs *Tables) int {
	longest := 0
	for _, tab := range tabs.All() {
		longest = max(longest, tab.Stats().LongestWin, tab.Stats().LongestLoss)
	}
	return longest
}

// crossCheck probes positions with up to tabs.FullPieces() pieces and checks
// them against the search to depth plies.
func crossCheck(t *testing.T, tabs *Tables, positions, depth int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(tabs.FullPieces()), uint64(depth)))
	o := newOracle()
	counts := map[WDL]int{}
	for range positions {
		p := randomPosition(t, rng, randomMaterial(rng, tabs.FullPieces()))
		r, ok := tabs.ProbeFull(&p)
		if !ok {
			t.Fatalf("%v: not in the tables", p)
		}
		counts[r.WDL]++
		if ok, why := o.check(&p, r, depth); !ok {
			t.Errorf("%v: the table says %v; the search to %d plies finds %s", p, r, depth, why)
		}
	}
	t.Logf("%d positions of up to %d pieces (%v wins, %v draws, %v losses) agree with the search to %d plies",
		positions, tabs.FullPieces(), counts[Win], counts[Draw], counts[Loss], depth)
}

// TestVerifyFindsWrongValues: the verify pass accepts the generated tables
// and rejects one whose value or distance was changed in a single slot.
func TestVerifyFindsWrongValues(t *testing.T) {
	tabs := Embedded()
	if err := tabs.Verify(context.Background(), 2, nil); err != nil {
		t.Fatal(err)
	}
	good := tabs.Table(Material{1, 0, 1, 0})
	for _, change := range []struct {
		name string
		edit func(code, dtw int) (int, int)
	}{
		{"longer win", func(c, d int) (int, int) { return c, d + 2 }},
		{"win made a loss", func(c, d int) (int, int) { return frame.CodeLoss, d + 1 }},
		{"win made a draw", func(c, d int) (int, int) { return frame.CodeDraw, 0 }},
	} {
		bad := *good
		bad.codes, bad.dtw = bytes.Clone(good.codes), bytes.Clone(good.dtw)
		i := firstSlot(good, frame.CodeWin)
		c, d := change.edit(good.code(i), good.distance(i))
		bad.codes[i/4] = bad.codes[i/4]&^(3<<(2*(i%4))) | byte(c)<<(2*(i%4))
		bad.dtw[i] = byte(d)
		set := NewTables(tabs.All())
		set.add(&bad)
		if err := set.VerifyTable(context.Background(), &bad, 2); err == nil {
			t.Errorf("%s: Verify accepts a changed slot", change.name)
		}
	}
}

// firstSlot is the first slot of tab with the given code.
func firstSlot(tab *Table, code int) uint64 {
	for i := range tab.Size() {
		if tab.code(i) == code {
			return i
		}
	}
	panic("no such slot")
}
