// Tests that the generator reproduces, byte for byte, 4-piece tables built
// by an earlier generator (the one before slots were propagated in order
// and quiet successors counted without their slots).

package gen

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/tbtest"
	"testing"
)

// goldenUnits are 4-piece units that need only the embedded tables and
// each other (0310 needs 0301), in build order, with the SHA-256 of each
// table's file as `dameo egtb build --pieces 4 --table MATERIAL` wrote it
// before this generator.
var goldenUnits = []goldenUnit{
	{[]egtb.Material{{WhiteMen: 0, WhiteKings: 1, BlackMen: 0, BlackKings: 3}, {WhiteMen: 0, WhiteKings: 3, BlackMen: 0, BlackKings: 1}}, []string{
		"e18a43ca629cbc17d41e4ad6addb230908ba1147ea44da6546fe3c536ada4a40",
		"2a12c7f324bd49aa8179beec9a3cc3027bc0078f54a0af8512b6a02e35e0cc42",
	}},
	{[]egtb.Material{{WhiteMen: 0, WhiteKings: 2, BlackMen: 0, BlackKings: 2}}, []string{ // its own swap: one table
		"7c2b14ee76f7346d55644d0895b00e2f7a4585a654ec8e05375c9bb82995ea05",
	}},
	{[]egtb.Material{{WhiteMen: 0, WhiteKings: 3, BlackMen: 1, BlackKings: 0}, {WhiteMen: 1, WhiteKings: 0, BlackMen: 0, BlackKings: 3}}, []string{
		"1108e25c4a59030db7483c249a12e162954cad9cf5c0ac7a20b39b52bc59bf99",
		"b8099ed207b6b030411290519447f66b54a45cd669902d0a8b8a3eaf5d5e700d",
	}},
}

// TestSolveReproducesEarlierTables solves 7 million slots of 4-piece
// tables (kings only, and kings against a man) and compares their files
// with those of the earlier generator.
func TestSolveReproducesEarlierTables(t *testing.T) {
	if tbtest.Race || testing.Short() || !*bigTables {
		t.Skip("solves 7 million slots; -big-tables runs it")
	}
	checkGolden(t, goldenUnits, solve)
}

// goldenUnit is a unit with the SHA-256 of each of its tables' files.
type goldenUnit struct {
	unit []egtb.Material
	sha  []string
}

// checkGolden solves the units in order with solver, from the embedded
// tables and those solved before, and compares their files' SHA-256.
func checkGolden(t *testing.T, units []goldenUnit, solver func(context.Context, *egtb.Tables, []egtb.Material, int) ([]*egtb.Table, error)) {
	t.Helper()
	finished := egtb.Embedded().All()
	for _, g := range units {
		done := egtb.NewTables(finished)
		tabs, err := solver(context.Background(), done, g.unit, 2)
		if err != nil {
			t.Fatal(err)
		}
		for i, tab := range tabs {
			sum := sha256.Sum256(encode(t, tab))
			if got := hex.EncodeToString(sum[:]); got != g.sha[i] {
				t.Errorf("table %v: SHA-256 %s, the recorded %s", tab.Material(), got, g.sha[i])
			}
			finished = append(finished, tab)
		}
	}
}
