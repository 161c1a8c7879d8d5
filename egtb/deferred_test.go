// Tests of the checks that OpenForSearch puts off to a table's first
// probe: a damaged file opens, fails at its first probe, is reported once
// and left out, and the other tables answer as before.

package egtb

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dameo/dameo/engine"
)

// damagedDir writes the embedded tables to a folder, 1010.egtb with a
// flipped bit, and 0110.wdl (a WDL file beside the good full table) with a
// flipped bit too.
func damagedDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, tab := range Embedded().All() {
		data := tab.encode()
		if tab.Material() == (Material{1, 0, 1, 0}) {
			data[len(data)/2] ^= 4
		}
		if err := os.WriteFile(filepath.Join(dir, tab.Material().FileName()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wdl := wdlBytes(t, Embedded().Table(Material{0, 1, 1, 0}))
	wdl[len(wdl)/2] ^= 1
	if err := os.WriteFile(filepath.Join(dir, "0110.wdl"), wdl, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// whiteToMovePosition is a random position of s with White to move.
func whiteToMovePosition(t *testing.T, rng *rand.Rand, s Material) engine.Position {
	for {
		if p := randomPosition(t, rng, s); p.SideToMove() == engine.White {
			return p
		}
	}
}

func TestOpenForSearchChecksAtFirstProbe(t *testing.T) {
	dir := damagedDir(t)
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("Open of a folder with a damaged file: error %v, want a bad checksum", err)
	}
	var reports []string
	tabs, err := OpenForSearch(dir, func(err error) { reports = append(reports, err.Error()) })
	if err != nil {
		t.Fatalf("OpenForSearch: %v", err)
	}
	t.Cleanup(func() { tabs.Close() })
	if len(reports) != 0 {
		t.Fatalf("reports before any probe: %q", reports)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	damaged := whiteToMovePosition(t, rng, Material{1, 0, 1, 0})
	for range 3 {
		if r, ok := tabs.ProbeFull(&damaged); ok {
			t.Fatalf("the damaged table answered %v for %v", r, damaged)
		}
		if w, ok := tabs.ProbeWDL(&damaged); ok {
			t.Fatalf("the damaged table answered %v (WDL) for %v", w, damaged)
		}
	}
	damagedPath := filepath.Join(dir, "1010.egtb")
	if len(reports) != 1 || !strings.Contains(reports[0], damagedPath) || !strings.Contains(reports[0], "checksum") {
		t.Fatalf("reports %q, want one naming %s and its bad checksum", reports, damagedPath)
	}
	// The damaged WDL file is left out; its full table answers instead.
	for _, s := range []Material{{0, 1, 0, 1}, {0, 1, 1, 0}, {0, 2, 0, 1}} {
		p := whiteToMovePosition(t, rng, s)
		want, _ := Embedded().ProbeFull(&p)
		if got, ok := tabs.ProbeFull(&p); !ok || got != want {
			t.Errorf("%v: ProbeFull %v %v, want %v", p, got, ok, want)
		}
		if got, ok := tabs.ProbeWDL(&p); !ok || got != want.WDL {
			t.Errorf("%v: ProbeWDL %v %v, want %v", p, got, ok, want.WDL)
		}
	}
	if len(reports) != 2 || !strings.Contains(reports[1], filepath.Join(dir, "0110.wdl")) {
		t.Fatalf("reports %q, want a second one naming 0110.wdl", reports)
	}
}

// TestDeferredCheckRunsOnce: probes racing to a table's first probe run
// its check once and agree on its outcome (run with -race).
func TestDeferredCheckRunsOnce(t *testing.T) {
	dir := damagedDir(t)
	var reports atomic.Int32
	tabs, err := OpenForSearch(dir, func(error) { reports.Add(1) })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tabs.Close() })
	rng := rand.New(rand.NewPCG(3, 4))
	damaged := whiteToMovePosition(t, rng, Material{1, 0, 1, 0})
	good := whiteToMovePosition(t, rng, Material{0, 1, 0, 1})
	want, _ := Embedded().ProbeFull(&good)
	var wg sync.WaitGroup
	var answered, wrong atomic.Int32
	for range 8 {
		wg.Go(func() {
			if _, ok := tabs.ProbeFull(&damaged); ok {
				answered.Add(1)
			}
			if r, ok := tabs.ProbeFull(&good); !ok || r != want {
				wrong.Add(1)
			}
		})
	}
	wg.Wait()
	if reports.Load() != 1 || answered.Load() != 0 || wrong.Load() != 0 {
		t.Fatalf("%d reports, %d answers from the damaged table, %d wrong answers from a good one; want 1, 0, 0",
			reports.Load(), answered.Load(), wrong.Load())
	}
}

// TestCheckDeferredChecksEveryTable: CheckDeferred makes the checks that
// OpenForSearch put off, before any probe: the damaged files are reported
// at once, and no probe has a check left to make.
func TestCheckDeferredChecksEveryTable(t *testing.T) {
	dir := damagedDir(t)
	var reports []string
	tabs, err := OpenForSearch(dir, func(err error) { reports = append(reports, err.Error()) })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tabs.Close() })
	tabs.CheckDeferred()
	if len(reports) != 2 || !strings.Contains(reports[0]+reports[1], "1010.egtb") || !strings.Contains(reports[0]+reports[1], "0110.wdl") {
		t.Fatalf("reports %q, want one for 1010.egtb and one for 0110.wdl", reports)
	}
	pending := 0
	for _, tab := range tabs.All() {
		if tab.check != nil && tab.check.state.Load() == checkPending {
			pending++
		}
	}
	for _, w := range tabs.wdl {
		if w != nil && w.check != nil && w.check.state.Load() == checkPending {
			pending++
		}
	}
	if pending != 0 {
		t.Fatalf("%d checks still left to the first probe", pending)
	}
	tabs.CheckDeferred() // a second call checks nothing again
	if len(reports) != 2 {
		t.Fatalf("a second CheckDeferred reported again: %q", reports)
	}
}
