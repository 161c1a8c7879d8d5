// Tests of the sliced solver: the slices partition a unit's positions in
// an order that man moves respect, and the solver writes the tables that
// solve writes, byte for byte.

package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/egtb/internal/tbtest"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/racetest"
)

// TestSolveSlicedEqualsSolve solves every unit of up to tbtest.BuiltPieces
// pieces, and one of three pieces with men of both colours, both ways.
func TestSolveSlicedEqualsSolve(t *testing.T) {
	units := Units(tbtest.BuiltPieces)
	if tbtest.BuiltPieces < 3 {
		units = append(units, []egtb.Material{{WhiteMen: 1, WhiteKings: 0, BlackMen: 1, BlackKings: 1}, {WhiteMen: 1, WhiteKings: 1, BlackMen: 1, BlackKings: 0}})
	}
	for _, unit := range units {
		want, err := solve(context.Background(), egtb.Embedded(), unit, 2)
		if err != nil {
			t.Fatal(err)
		}
		got, err := solveSliced(context.Background(), egtb.Embedded(), unit, &BuildOptions{Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if !bytes.Equal(encode(t, got[i]), encode(t, want[i])) {
				t.Errorf("table %v: the sliced solver's file differs (stats %+v, solve's %+v)", want[i].Material(), got[i].Stats(), want[i].Stats())
			}
		}
	}
}

// TestSlicesPartitionInOrder walks the slices of a few units wave by
// wave: each position of the unit is in exactly one slice, its king moves
// stay in the slice, and its other quiet man moves lead into slices of
// earlier waves.
func TestSlicesPartitionInOrder(t *testing.T) {
	units := Units(tbtest.BuiltPieces)
	if !tbtest.Race && !testing.Short() && *bigTables {
		units = append(units, []egtb.Material{{WhiteMen: 1, WhiteKings: 1, BlackMen: 1, BlackKings: 1}}, []egtb.Material{{WhiteMen: 2, WhiteKings: 0, BlackMen: 2, BlackKings: 0}})
	}
	for _, unit := range units {
		s := newSlicing(unit)
		seen := make([][]bool, len(s.layouts))
		for t, l := range s.layouts {
			seen[t] = make([]bool, l.Size)
		}
		var moves engine.MoveList
		for wave := range s.waves() {
			for k := range s.candidates(wave) {
				sl, ok := s.sliceAt(wave, k)
				if !ok {
					continue
				}
				key := sl.halves[0].men
				for n, h := range sl.halves {
					l := s.layouts[h.table]
					into := len(s.layouts) - 1 - h.table
					for u := h.base; u < h.base+h.kingPlacements(); u++ {
						g, ok := h.position(u)
						if !ok {
							continue
						}
						if got, w := s.sliceKey(h.table, &g); got != key || w != wave {
							t.Fatalf("%v: position %#x of slice %+v (wave %d) has the key %+v (wave %d)", unit, g, key, wave, got, w)
						}
						mirrored := layout.MirrorGroups(g)
						if seen[h.table][l.Index(g)] && (h.men.mirrored() != h.men || h.local(&mirrored) >= u) {
							t.Fatalf("%v: slot %d of table %v in two slices", unit, l.Index(g), egtb.MaterialOf(l.Count))
						}
						seen[h.table][l.Index(g)] = true
						white, black, kings := g[layout.GroupWhiteMen]|g[layout.GroupWhiteKings], g[layout.GroupBlackMen]|g[layout.GroupBlackKings], g[layout.GroupWhiteKings]|g[layout.GroupBlackKings]
						captures := engine.WhiteMoves(white, black, kings, &moves)
						for _, m := range moves.Slice() {
							if leavesUnit(captures, kings, m) {
								continue
							}
							after := g
							moved := uint64(1)<<m.From | uint64(1)<<m.To
							manMove := kings&moved == 0
							if manMove {
								after[layout.GroupWhiteMen] ^= moved
							} else {
								after[layout.GroupWhiteKings] ^= moved
							}
							next := swapColours(&after)
							got, w := s.sliceKey(into, &next)
							switch {
							case manMove && w >= wave:
								t.Fatalf("%v: the man move %v of %#x (wave %d) leads into wave %d", unit, m, g, wave, w)
							case !manMove && (got != key || w != wave):
								t.Fatalf("%v: the king move %v of %#x leaves its slice", unit, m, g)
							case !manMove:
								other := &sl.halves[sl.into(n)]
								q := other.normalize(next)
								if p, ok := other.position(other.local(&q)); !ok || p != q {
									t.Fatalf("%v: the king move %v of %#x leads out of the slice's other half", unit, m, g)
								}
							}
						}
					}
				}
			}
		}
		for t2, l := range s.layouts {
			for i := range l.Size {
				if _, ok := l.Position(i); ok != seen[t2][i] {
					t.Fatalf("%v: slot %d of table %v holds a position %v, in a slice %v", unit, i, egtb.MaterialOf(l.Count), ok, seen[t2][i])
				}
			}
		}
	}
}

// cancelAfter is a context that is cancelled from its n-th call of Err on,
// so that a solver stops in the middle of its work.
type cancelAfter struct {
	context.Context
	left atomic.Int64
}

func (c *cancelAfter) Err() error {
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestSolveSlicedStopsWhenCancelled: cancelled before it starts or in the
// middle of a unit, the sliced solver returns the context's error and no
// table.
func TestSolveSlicedStopsWhenCancelled(t *testing.T) {
	unit := []egtb.Material{{WhiteMen: 1, WhiteKings: 0, BlackMen: 1, BlackKings: 1}, {WhiteMen: 1, WhiteKings: 1, BlackMen: 1, BlackKings: 0}}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	midway := &cancelAfter{Context: context.Background()}
	midway.left.Store(500)
	for _, ctx := range []context.Context{cancelled, midway} {
		tabs, err := solveSliced(ctx, egtb.Embedded(), unit, &BuildOptions{Threads: 2})
		if !errors.Is(err, context.Canceled) || tabs != nil {
			t.Errorf("solveSliced cancelled: %d tables, error %v", len(tabs), err)
		}
	}
	if midway.left.Load() > 0 {
		t.Errorf("the solver asked the context %d times, not enough to be cancelled midway", 500-midway.left.Load())
	}
}

// menUnits are 4-piece units with men that need only goldenUnits and the
// embedded tables, in build order, with the SHA-256 of each table's file
// as solve writes it (at the commit that added solveSliced).
var menUnits = []goldenUnit{
	{[]egtb.Material{{WhiteMen: 1, WhiteKings: 1, BlackMen: 0, BlackKings: 2}, {WhiteMen: 0, WhiteKings: 2, BlackMen: 1, BlackKings: 1}}, []string{
		"316cb2f271014ecd551e17b7628357e6995c6189fdc3a5722d6b6a6c1ed216c0",
		"e2603f56a78d31caa22db313f51b65627d0bc27d8c2434e18a9489a7fab9550e",
	}},
	{[]egtb.Material{{WhiteMen: 1, WhiteKings: 1, BlackMen: 1, BlackKings: 1}}, []string{ // men of both colours
		"fcebf93b779d4aaea5f70fc2d32fea91ca0061fbf5f1c7a36afae6112ae03a4d",
	}},
}

// TestSolveSlicedReproduces4PieceTables solves with the sliced solver
// the units with men of goldenUnits and menUnits, 17 million slots (the
// kings-only units they need with solve, which Build uses for them), and
// compares their files with solve's.
func TestSolveSlicedReproduces4PieceTables(t *testing.T) {
	if tbtest.Race || testing.Short() || !*bigTables {
		t.Skip("solves 17 million slots; -big-tables runs it")
	}
	checkGolden(t, append(goldenUnits, menUnits...), func(ctx context.Context, done *egtb.Tables, unit []egtb.Material, threads int) ([]*egtb.Table, error) {
		if !unitHasMen(unit) {
			return solve(ctx, done, unit, threads)
		}
		return solveSliced(ctx, done, unit, &BuildOptions{Threads: threads})
	})
}

// TestBuildSlicedReproducesEmbedded: Build with Sliced writes the
// embedded tables (those of up to tbtest.BuiltPieces pieces).
func TestBuildSlicedReproducesEmbedded(t *testing.T) {
	saved := 0
	err := Build(context.Background(), BuildOptions{Pieces: tbtest.BuiltPieces, Threads: 2, Sliced: true,
		Storage: &savedTables{save: func(tab *egtb.Table) error {
			saved++
			if want := egtb.Embedded().Table(tab.Material()); !bytes.Equal(encode(t, tab), encode(t, want)) {
				t.Errorf("table %v differs from the embedded one", tab.Material())
			}
			return nil
		}}})
	if err != nil || saved != len(egtb.Materials(tbtest.BuiltPieces)) {
		t.Fatalf("Build: %d tables saved, error %v", saved, err)
	}
}

// TestPlanSliced: PlanSliced's lines are Plan's but for the memory, which
// is less for a unit with men and the same for one of kings alone.
func TestPlanSliced(t *testing.T) {
	racetest.Skip(t, "a plan computed on one goroutine")
	whole, sliced := strings.Split(Plan(6, true), "\n"), strings.Split(PlanSliced(6, 8, true), "\n")
	if len(whole) != len(sliced) {
		t.Fatalf("%d lines, Plan %d", len(sliced), len(whole))
	}
	for i := range whole {
		w, s := strings.Fields(whole[i]), strings.Fields(sliced[i])
		if len(w) == 0 {
			continue
		}
		memory := slices.Index(w, "memory") + 1
		if !slices.Equal(slices.Delete(slices.Clone(w), memory, memory+1), slices.Delete(slices.Clone(s), memory, memory+1)) {
			t.Fatalf("line %q, Plan's %q", sliced[i], whole[i])
		}
		unit := Units(6)[i]
		wm, _ := strconv.ParseUint(w[memory], 10, 64)
		sm, _ := strconv.ParseUint(s[memory], 10, 64)
		if unitHasMen(unit) && unitSlots(unit) > 1<<20 && sm >= wm || !unitHasMen(unit) && sm != wm {
			t.Errorf("%v: sliced memory %d, whole %d", unit, sm, wm)
		}
	}
}

// TestPlanSizes: Plan gives sizes for people, or whole bytes for scripts
// (issue 36: raw byte counts only).
func TestPlanSizes(t *testing.T) {
	for b, want := range map[uint64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 286856: "286.9 kB", 8_500_000: "8.5 MB",
		999_960: "1.0 MB", 2_293_760: "2.3 MB", 59_500_000_000: "59.5 GB", 1 << 62: "4611686.0 TB"} {
		if got := Size(b); got != want {
			t.Errorf("Size(%d) = %q, want %q", b, got, want)
		}
	}
	people, scripts := strings.Split(Plan(3, false), "\n")[0], strings.Split(Plan(3, true), "\n")[0]
	if people != "unit 0 0101 slots 2048 memory "+Size(unitMemory(Units(3)[0]))+" file 2.6 kB needs -" ||
		scripts != fmt.Sprintf("unit 0 0101 slots 2048 memory %d file 2628 needs -", unitMemory(Units(3)[0])) {
		t.Errorf("Plan's first line for people %q, for scripts %q", people, scripts)
	}
}

// TestTableWriterWidens: a distance over 255 written while the distances
// take a byte is kept until widen, which gives every distance two bytes;
// a slot not written reads as not solved.
func TestTableWriterWidens(t *testing.T) {
	w := newTableWriter(layout.Of(egtb.Material{WhiteMen: 0, WhiteKings: 1, BlackMen: 0, BlackKings: 1}.Counts()))
	var long []slotDistance
	w.set(5, egtb.Result{WDL: egtb.Win, DTW: 3}, &long)
	w.set(6, egtb.Result{WDL: egtb.Loss, DTW: 300}, &long)
	if len(long) != 1 || w.width != 1 {
		t.Fatalf("before widen: width %d, %d long distances", w.width, len(long))
	}
	w.widen(long)
	w.set(7, egtb.Result{WDL: egtb.Win, DTW: 301}, &long)
	for slot, want := range map[uint64]egtb.Result{5: {WDL: egtb.Win, DTW: 3}, 6: {WDL: egtb.Loss, DTW: 300}, 7: {WDL: egtb.Win, DTW: 301}} {
		if got, ok := w.result(slot); !ok || got != want {
			t.Errorf("slot %d: %v, %v; want %v", slot, got, ok, want)
		}
	}
	if _, ok := w.result(8); ok {
		t.Error("a slot not written reads as solved")
	}
	tab := w.table(egtb.Stats{Wins: 2, Losses: 1})
	g, _ := w.layout.Position(6)
	p, err := engine.NewPosition(g[0]|g[1], g[2]|g[3], g[1]|g[3], engine.White)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := egtb.NewTables([]*egtb.Table{tab}).ProbeFull(&p)
	if n := len(encode(t, tab)); n != int(egtb.FileSize(tab.Size(), 2)) || r != (egtb.Result{WDL: egtb.Loss, DTW: 300}) || tab.Stats().Unused != tab.Size()-3 {
		t.Errorf("table: file of %d bytes, slot 6 %v, stats %+v", n, r, tab.Stats())
	}
}

// TestSolveSlicedReportsProgress solves units with men slice by slice and
// checks the progress it reports: called once a slice, and ending within
// 3% of the unit's slots (BuildOptions.Solving says why not on them).
func TestSolveSlicedReportsProgress(t *testing.T) {
	for _, unit := range [][]egtb.Material{{{WhiteMen: 1, WhiteKings: 0, BlackMen: 1, BlackKings: 1}, {WhiteMen: 1, WhiteKings: 1, BlackMen: 1, BlackKings: 0}}, {{WhiteMen: 2, WhiteKings: 0, BlackMen: 0, BlackKings: 1}, {WhiteMen: 0, WhiteKings: 1, BlackMen: 2, BlackKings: 0}}} {
		var calls, most atomic.Uint64
		if _, err := solveSliced(context.Background(), egtb.Embedded(), unit, &BuildOptions{Threads: 2, Solving: func(solved uint64) {
			calls.Add(1)
			for m := most.Load(); solved > m && !most.CompareAndSwap(m, solved); m = most.Load() {
			}
		}}); err != nil {
			t.Fatal(err)
		}
		if slots, got := float64(unitSlots(unit)), float64(most.Load()); got < 0.97*slots || got > 1.03*slots {
			t.Errorf("unit %v: progress reached %.0f positions of its %.0f slots", unit, got, slots)
		}
		if calls.Load() < 2 {
			t.Errorf("unit %v: progress reported %d times, want once a slice", unit, calls.Load())
		}
	}
}
