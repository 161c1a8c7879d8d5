// Tests of probing: known positions, symmetry, moves best first, either
// file of a material, allocations and concurrency; the probe benchmark.

package egtb

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

func mustParse(t testing.TB, text string) engine.Position {
	t.Helper()
	p, err := engine.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestProbeKnownPositions(t *testing.T) {
	tabs := Embedded()
	for _, c := range []struct {
		text string
		want Result
	}{
		{"8/8/8/8/8/8/8/WB6 w", Result{WDL: Win, DTW: 1}},   // the king takes the king beside it
		{"8/8/8/8/8/8/b7/w7 w", Result{WDL: Win, DTW: 1}},   // the man takes forward
		{"8/8/8/8/8/8/b7/w7 b", Result{WDL: Loss, DTW: 2}},  // a2xa1 is off the board: b1 is forced, and a1 takes it
		{"8/8/8/8/BB6/8/8/w7 w", Result{WDL: Loss, DTW: 2}}, // a2 or b2, and a king takes it
		{"8/8/8/8/BB6/8/8/w7 b", Result{WDL: Win, DTW: 3}},  // e.g. b4-b3, then a1-a2 and a4xa1
		{"7B/8/8/8/8/8/8/W7 w", Result{WDL: Draw, DTW: 0}},  // a lone king never has to step into a capture
		{"7B/8/8/8/8/8/8/W7 b", Result{WDL: Draw, DTW: 0}},
		{"8/8/8/8/8/8/8/W7 b", Result{WDL: Loss, DTW: 0}}, // Black has no piece
		{"8/8/8/8/8/8/8/W7 w", Result{WDL: Win, DTW: 1}},  // any move leaves Black to move without a piece
		{"8/8/8/8/8/8/8/8 w", Result{WDL: Loss, DTW: 0}},  // White has no move
	} {
		p := mustParse(t, c.text)
		got, ok := tabs.ProbeFull(&p)
		if !ok || got != c.want {
			t.Errorf("ProbeFull(%s) = %v, %v; want %v", c.text, got, ok, c.want)
		}
	}
}

func TestProbeOutsideTheTables(t *testing.T) {
	tabs := Embedded()
	if tabs.FullPieces() != EmbeddedPieces {
		t.Fatalf("FullPieces %d, want %d", tabs.FullPieces(), EmbeddedPieces)
	}
	for _, text := range []string{engine.StartText, "8/8/8/8/8/8/8/WWBB4 w"} {
		p := mustParse(t, text)
		if r, ok := tabs.ProbeFull(&p); ok {
			t.Errorf("ProbeFull(%s) = %v, ok", text, r)
		}
		if _, ok := tabs.ProbeFullMoves(&p); ok {
			t.Errorf("ProbeFullMoves(%s) ok", text)
		}
	}
}

// TestProbeSymmetry: a position, its mirror image and its colour-swapped
// image have the same value.
func TestProbeSymmetry(t *testing.T) {
	tabs := Embedded()
	rng := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		p := randomPosition(t, rng, randomMaterial(rng, 3))
		w, b := p.Pieces(engine.White), p.Pieces(engine.Black)
		k := p.Kings(engine.White) | p.Kings(engine.Black)
		side := p.SideToMove()
		images := []struct {
			name    string
			w, b, k uint64
			side    engine.Color
		}{
			{"mirror", layout.Mirror(w), layout.Mirror(b), layout.Mirror(k), side},
			{"colour swap", layout.Flip(b), layout.Flip(w), layout.Flip(k), side.Other()},
			{"both", layout.Mirror(layout.Flip(b)), layout.Mirror(layout.Flip(w)), layout.Mirror(layout.Flip(k)), side.Other()},
		}
		want, ok := tabs.ProbeFull(&p)
		if !ok {
			t.Fatalf("%v not in the tables", p)
		}
		for _, im := range images {
			q, err := engine.NewPosition(im.w, im.b, im.k, im.side)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := tabs.ProbeFull(&q); got != want {
				t.Fatalf("%v is %v, its %s %v is %v", p, want, im.name, q, got)
			}
		}
	}
}

// TestProbeAnyMovesReadsWDLFiles: with the 3-piece tables as WDL files
// beside the full 2-piece tables, a 3-piece position's moves that do not
// capture are beyond ProbeFullMoves, but each has a value by
// ProbeAnyMoves: the value of the full tables, with a distance exactly
// when its position is in one.
func TestProbeAnyMovesReadsWDLFiles(t *testing.T) {
	full := Embedded()
	tabs := NewTables(nil)
	for _, tab := range full.All() {
		if tab.Material().Pieces() <= 2 {
			tabs.add(tab)
			continue
		}
		w, err := decodeWDL(wdlBytes(t, tab))
		if err != nil {
			t.Fatal(err)
		}
		tabs.addWDL(w)
	}
	rng := rand.New(rand.NewPCG(17, 18))
	unknown, beyondFull := 0, 0
	for range 500 {
		p := randomPosition(t, rng, MaterialOf([4]int{1, 0, 1, 1}))
		want, _ := full.ProbeFullMoves(&p)
		got, ok := tabs.ProbeAnyMoves(&p)
		if !ok || len(got) != len(want) {
			t.Fatalf("%v: ProbeAnyMoves gives %d moves, ok %v; want %d", p, len(got), ok, len(want))
		}
		if _, ok := tabs.ProbeFullMoves(&p); !ok {
			beyondFull++
		}
		for i, m := range got {
			q := p.Play(m.Move)
			r, inFull := tabs.ProbeFull(&q)
			if m.Result.WDL != want[i].Result.WDL || m.Result.DistanceKnown() != (inFull || m.Result.WDL == Draw) || (inFull && m.Result != r.Parent()) {
				t.Fatalf("%v: move %s %v, want %v (known distance: %v)", p, p.FormatMove(m.Move), m.Result, want[i].Result, inFull)
			}
			if !inFull && m.Result.WDL != Draw {
				unknown++
			}
		}
	}
	if unknown == 0 || beyondFull == 0 {
		t.Fatalf("%d moves of unknown distance, %d positions beyond ProbeFullMoves", unknown, beyondFull)
	}
}

// TestProbeMovesBestFirst: the moves come best first and the best one has
// the position's value.
func TestProbeMovesBestFirst(t *testing.T) {
	tabs := Embedded()
	rng := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		p := randomPosition(t, rng, randomMaterial(rng, 3))
		moves, ok := tabs.ProbeFullMoves(&p)
		if !ok || len(moves) != len(p.LegalMoves()) {
			t.Fatalf("%v: ProbeFullMoves gives %d moves, ok %v", p, len(moves), ok)
		}
		r, _ := tabs.ProbeFull(&p)
		if len(moves) == 0 {
			if r != (Result{WDL: Loss, DTW: 0}) {
				t.Fatalf("%v: no moves, value %v", p, r)
			}
			continue
		}
		if moves[0].Result != r {
			t.Fatalf("%v is %v, its best move %s gives %v", p, r, p.FormatMove(moves[0].Move), moves[0].Result)
		}
		for i := 1; i < len(moves); i++ {
			if moves[i].Result.Better(moves[i-1].Result) {
				t.Fatalf("%v: move %d (%v) better than move %d (%v)", p, i, moves[i].Result, i-1, moves[i-1].Result)
			}
		}
	}
}

func TestProbeAllocatesNothing(t *testing.T) {
	tabs := Embedded()
	p := mustParse(t, "8/8/3b4/8/2B5/8/8/1W6 b")
	if n := testing.AllocsPerRun(100, func() { tabs.ProbeFull(&p) }); n != 0 {
		t.Fatalf("ProbeFull allocates %v times", n)
	}
}

// TestProbeAnyFindsEitherFile: over tables with both files, tables with
// the WDL file alone, tables with neither and positions that need no
// table, ProbeAny answers as ProbeFull, else as ProbeWDL with UnknownDistance,
// else not at all; it allocates nothing, whichever file answers.
func TestProbeAnyFindsEitherFile(t *testing.T) {
	tabs := NewTables(nil)
	for i, tab := range Embedded().All() {
		if i%3 == 0 {
			tabs.add(tab)
		}
		if i%3 != 2 {
			w, err := decodeWDL(wdlBytes(t, tab))
			if err != nil {
				t.Fatal(err)
			}
			tabs.addWDL(w)
		}
	}
	rng := rand.New(rand.NewPCG(15, 16))
	var full, wdlOnly, none engine.Position
	var fulls, wdlOnlys, nones int
	positions := []engine.Position{mustParse(t, "8/8/8/8/8/8/8/W7 w"), mustParse(t, "8/8/8/8/8/8/8/W7 b")} // no table needed
	for range 3000 {
		positions = append(positions, randomPosition(t, rng, randomMaterial(rng, 3)))
	}
	for _, p := range positions {
		got, ok := tabs.ProbeAny(&p)
		want, wantOK := tabs.ProbeFull(&p)
		w, wdlOK := tabs.ProbeWDL(&p)
		switch {
		case wantOK:
			full, fulls = p, fulls+1
		case wdlOK:
			want, wantOK = fromWDL(w), true
			wdlOnly, wdlOnlys = p, wdlOnlys+1
		default:
			none, nones = p, nones+1
		}
		if got != want || ok != wantOK {
			t.Fatalf("%v: ProbeAny %v %v, want %v %v", p, got, ok, want, wantOK)
		}
	}
	if fulls == 0 || wdlOnlys == 0 || nones == 0 {
		t.Fatalf("%d positions answered by ProbeFull, %d by the WDL file alone, %d by neither", fulls, wdlOnlys, nones)
	}
	for _, p := range []engine.Position{full, wdlOnly, none} {
		if n := testing.AllocsPerRun(100, func() { tabs.ProbeAny(&p) }); n != 0 {
			t.Errorf("ProbeAny(%v) allocates %v times", p, n)
		}
	}
}

// TestProbeConcurrent probes the same positions from several goroutines
// (run with -race) and expects the same answers.
func TestProbeConcurrent(t *testing.T) {
	tabs := Embedded()
	rng := rand.New(rand.NewPCG(11, 12))
	positions := make([]engine.Position, 500)
	want := make([]Result, len(positions))
	for i := range positions {
		positions[i] = randomPosition(t, rng, randomMaterial(rng, 3))
		want[i], _ = tabs.ProbeFull(&positions[i])
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := range positions {
				if got, _ := tabs.ProbeFull(&positions[i]); got != want[i] {
					t.Errorf("%v: %v, then %v", positions[i], want[i], got)
				}
			}
		})
	}
	wg.Wait()
}

// TestResultString: a result of a full table shows its distance, one of a
// WDL file alone does not, and the distance stays unknown a ply up.
func TestResultString(t *testing.T) {
	for r, want := range map[Result]string{
		{WDL: Win, DTW: 7}: "win in 7", {WDL: Loss, DTW: 0}: "loss in 0", {WDL: Draw}: "draw",
		fromWDL(Win): "win", fromWDL(Loss): "loss", fromWDL(Draw): "draw",
		fromWDL(Win).Parent(): "loss", fromWDL(Loss).Parent(): "win",
	} {
		if got := r.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", r, got, want)
		}
		if known := strings.Contains(want, " in ") || r.WDL == Draw; r.DistanceKnown() != known {
			t.Errorf("%#v.DistanceKnown() = %v", r, r.DistanceKnown())
		}
	}
}

// BenchmarkProbe probes random positions of up to 3 pieces in the embedded
// tables, or with -egtb.dir of up to the directory's FullPieces.
func BenchmarkProbe(b *testing.B) {
	tabs := Embedded()
	if *tablesDir != "" {
		var err error
		if tabs, err = Open(*tablesDir); err != nil {
			b.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(13, 14))
	positions := make([]engine.Position, 1<<16)
	for i := range positions {
		positions[i] = randomPosition(b, rng, randomMaterial(rng, tabs.FullPieces()))
	}
	i := 0
	for b.Loop() {
		tabs.ProbeFull(&positions[i&(1<<16-1)])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}
