// Tests of the sliced solver's checkpoints: a build stopped in a wave goes
// on from the checkpoint of the waves before it to the same files, byte
// for byte; a damaged or foreign checkpoint is refused with a warning and
// the unit solved from its start; a checkpoint reads back what was
// written, and a refused one leaves the tables unwritten.

package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/internal/racetest"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// checkpointUnits are units with men that the tests stop and resume: one
// of two tables with men of both colours (15 waves, 13 with slices), and
// one of a table that is its own swap.
var checkpointUnits = [][]egtb.Material{unitOf(egtb.Material{WhiteMen: 1, WhiteKings: 0, BlackMen: 1, BlackKings: 1}), unitOf(egtb.Material{WhiteMen: 1, WhiteKings: 0, BlackMen: 1, BlackKings: 0})}

// unitOf is the unit of mat, as Build solves it.
func unitOf(mat egtb.Material) []egtb.Material {
	for _, unit := range Units(mat.Pieces()) {
		if slices.Contains(unit, mat) {
			return unit
		}
	}
	panic("no unit of " + mat.String())
}

// dirWithout is a new directory holding the embedded tables but those of
// unit, from which Build with Only builds it.
func dirWithout(t *testing.T, unit []egtb.Material) string {
	t.Helper()
	dir := t.TempDir()
	for _, tab := range egtb.Embedded().All() {
		if !slices.Contains(unit, tab.Material()) {
			if err := tab.WriteFile(filepath.Join(dir, tab.Material().FileName())); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// buildUnit builds unit into dir as `dameo egtb build --table MATERIAL
// --sliced` does, with a checkpoint after every wave; o gives Solving and
// Resumed, warn is the store's.
func buildUnit(ctx context.Context, dir string, unit []egtb.Material, warn func(error), o BuildOptions) error {
	store, err := OpenStore(dir, true, warn)
	if err != nil {
		return err
	}
	o.Pieces, o.Threads, o.Only, o.Sliced = unit[0].Pieces(), 2, &unit[0], true
	o.Storage = store
	return Build(ctx, o)
}

// unitFiles are the contents of the table and WDL files of unit in dir.
func unitFiles(t *testing.T, dir string, unit []egtb.Material) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, mat := range unit {
		for _, ext := range []string{egtb.FileExt, egtb.WDLExt} {
			name := mat.String() + ext
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = data
		}
	}
	return files
}

// checkUnitFiles checks that dir holds the files want of unit, and no
// checkpoint or temporary file.
func checkUnitFiles(t *testing.T, dir string, unit []egtb.Material, want map[string][]byte) {
	t.Helper()
	for name, data := range unitFiles(t, dir, unit) {
		if !bytes.Equal(data, want[name]) {
			t.Errorf("%s differs from the uninterrupted build's", name)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*"+checkpointExt)); len(left) != 0 {
		t.Errorf("checkpoints left: %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// waveEnds is, by wave of unit, the count of Solving at its end: the
// positions of its slices and of those of the waves before it.
func waveEnds(unit []egtb.Material) []uint64 {
	s := newSlicing(unit)
	ends := make([]uint64, s.waves())
	var n uint64
	for w := range ends {
		for k := range s.candidates(w) {
			if sl, ok := s.sliceAt(w, k); ok {
				n += uint64(sl.size)
			}
		}
		ends[w] = n
	}
	return ends
}

// stopIn builds unit into dir and stops it once a slice of wave is
// solved (as Ctrl-C would), checking that the build is cancelled and
// leaves the unit's tables unwritten.
func stopIn(t *testing.T, dir string, unit []egtb.Material, wave int, ends []uint64) {
	t.Helper()
	var before uint64 // positions of the waves before
	if wave > 0 {
		before = ends[wave-1]
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	err := buildUnit(ctx, dir, unit, func(err error) { t.Errorf("warning: %v", err) }, BuildOptions{Solving: func(solved uint64) {
		if solved > before {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped in wave %d: error %v, want it cancelled", wave, err)
	}
	for _, mat := range unit {
		if _, err := os.Stat(filepath.Join(dir, mat.FileName())); err == nil {
			t.Fatalf("stopped in wave %d: table %v written", wave, mat)
		}
	}
}

// resumed records the calls of Resumed and the smallest count of Solving.
type resumed struct {
	mu    sync.Mutex
	calls []string
	least atomic.Uint64
}

func newResumed() *resumed {
	r := &resumed{}
	r.least.Store(math.MaxUint64)
	return r
}

func (r *resumed) options() BuildOptions {
	return BuildOptions{
		Solving: func(solved uint64) {
			for l := r.least.Load(); solved < l && !r.least.CompareAndSwap(l, solved); l = r.least.Load() {
			}
		},
		Resumed: func(unit []egtb.Material, wave, waves int, solved uint64) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.calls = append(r.calls, resumedCall(unit, wave, waves, solved))
		},
	}
}

// resumedCall is a call of Resumed as text, to compare.
func resumedCall(unit []egtb.Material, wave, waves int, solved uint64) string {
	return fmt.Sprint(unit, wave, waves, solved)
}

// TestSlicedBuildResumesFromCheckpoint stops the build of a unit in its
// first wave with slices, its second, a middle one and its last, and
// builds it again: it goes on from the checkpoint of the waves solved
// (none in the first case: the waves before it have no slices, and no
// checkpoint is written of them), telling Resumed and counting from their
// positions, to the files of an uninterrupted build, and removes the
// checkpoint.
func TestSlicedBuildResumesFromCheckpoint(t *testing.T) {
	racetest.Skip(t, "builds of one unit; TestSolveSlicedEqualsSolve runs the sliced solver's goroutines")
	for _, unit := range checkpointUnits {
		ref := dirWithout(t, unit)
		if err := buildUnit(context.Background(), ref, unit, nil, BuildOptions{}); err != nil {
			t.Fatal(err)
		}
		want := unitFiles(t, ref, unit)
		checkUnitFiles(t, ref, unit, want)
		ends := waveEnds(unit)
		var solving []int // the waves with slices
		for w, end := range ends {
			if w == 0 && end > 0 || w > 0 && end > ends[w-1] {
				solving = append(solving, w)
			}
		}
		if len(solving) < 4 {
			t.Fatalf("%v: %d waves with slices", unit, len(solving))
		}
		for _, i := range []int{0, 1, len(solving) / 2, len(solving) - 1} {
			stop := solving[i]
			dir := dirWithout(t, unit)
			stopIn(t, dir, unit, stop, ends)
			_, err := os.Stat(filepath.Join(dir, unit[0].String()+checkpointExt))
			if first := stop == solving[0]; first != errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%v stopped in wave %d (the first with slices: %v): checkpoint %v", unit, stop, first, err)
			}
			r := newResumed()
			if err := buildUnit(context.Background(), dir, unit, func(err error) { t.Errorf("warning: %v", err) }, r.options()); err != nil {
				t.Fatal(err)
			}
			if stop == solving[0] {
				if len(r.calls) != 0 || r.least.Load() > ends[stop] {
					t.Errorf("%v stopped in its first wave: resumed %q, counting from %d", unit, r.calls, r.least.Load())
				}
			} else {
				// The checkpoint of the last wave with slices before stop.
				next, before := solving[i-1]+1, ends[stop-1]
				if call := resumedCall(unit, next, len(ends), before); !slices.Equal(r.calls, []string{call}) || r.least.Load() <= before {
					t.Errorf("%v stopped in wave %d: resumed %q, want %q; counting from %d, want more than %d", unit, stop, r.calls, call, r.least.Load(), before)
				}
			}
			checkUnitFiles(t, dir, unit, want)
		}
	}
}

// TestSlicedBuildRefusesDamagedCheckpoint puts damaged and foreign
// checkpoints in the place of a unit's: each is refused with a warning
// saying why, and the unit is solved from its start to the files of an
// uninterrupted build.
func TestSlicedBuildRefusesDamagedCheckpoint(t *testing.T) {
	racetest.Skip(t, "builds of one unit on one goroutine; TestSolveSlicedEqualsSolve runs the sliced solver's goroutines")
	unit, other := checkpointUnits[0], unitOf(egtb.Material{WhiteMen: 2, WhiteKings: 0, BlackMen: 0, BlackKings: 1})
	ref := dirWithout(t, unit)
	if err := buildUnit(context.Background(), ref, unit, nil, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	want := unitFiles(t, ref, unit)
	// checkpoint is the checkpoint of u stopped in its wave 8.
	checkpoint := func(u []egtb.Material) []byte {
		dir := dirWithout(t, u)
		stopIn(t, dir, u, 8, waveEnds(u))
		data, err := os.ReadFile(filepath.Join(dir, u[0].String()+checkpointExt))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	good := checkpoint(unit)
	edit := func(f func([]byte) []byte) []byte { return f(slices.Clone(good)) }
	flip := func(at int) []byte { return edit(func(b []byte) []byte { b[at] ^= 1; return b }) }
	codes := checkpointHeaderSize + 2*checkpointTableSize // where the codes start
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"a code flipped", flip(codes + 100), "bad checksum"},
		{"the last distance flipped", flip(len(good) - frame.ChecksumSize - 1), "bad checksum"},
		{"the wave changed", flip(16), "bad checksum"},
		{"the checksum flipped", flip(len(good) - 1), "bad checksum"},
		{"truncated", good[:len(good)-1], "truncated"},
		{"truncated in its header", good[:20], "truncated"},
		{"a byte more", append(slices.Clone(good), 0), "longer than its header announces"},
		{"empty", nil, "bad magic"},
		{"a table file", encode(t, egtb.Embedded().Table(unit[0])), "bad magic"},
		{"another version", edit(func(b []byte) []byte { b[8] = 2; return b }), "format version 2"},
		{"a wave out of range", edit(func(b []byte) []byte { b[16] = 15; return b }), "wave 15"},
		{"another unit's", checkpoint(other), fmt.Sprintf("the checkpoint of tables %v, not of %v", other, unit)},
	} {
		dir := dirWithout(t, unit)
		if err := os.WriteFile(filepath.Join(dir, unit[0].String()+checkpointExt), c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		var warnings []string
		r := newResumed()
		if err := buildUnit(context.Background(), dir, unit, func(err error) { warnings = append(warnings, err.Error()) }, r.options()); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0], c.want) || !strings.Contains(warnings[0], "solving the unit from its start") {
			t.Errorf("%s: warnings %q, want one saying %q", c.name, warnings, c.want)
		}
		if len(r.calls) != 0 || r.least.Load() > waveEnds(unit)[8] {
			t.Errorf("%s: resumed %q, counting from %d", c.name, r.calls, r.least.Load())
		}
		checkUnitFiles(t, dir, unit, want)
	}
}

// TestCheckpointReadsBackWhatWasWritten writes the checkpoint of a unit
// with values in both tables, one widened to 2-byte distances, and reads
// it into a new solver: the same tables, counts, wave and positions. A
// damaged copy is refused and leaves the solver's tables unwritten, with
// 1-byte distances.
func TestCheckpointReadsBackWhatWasWritten(t *testing.T) {
	unit := checkpointUnits[0]
	s := newSlicedSolver(egtb.Embedded(), unit)
	var long []slotDistance
	s.out[0].set(5, egtb.Result{WDL: egtb.Win, DTW: 3}, &long)
	s.out[1].set(6, egtb.Result{WDL: egtb.Loss, DTW: 300}, &long)
	s.out[1].set(7, egtb.Result{WDL: egtb.Draw, DTW: 0}, &long)
	s.out[1].widen(long)
	s.stats = []egtb.Stats{{Wins: 1, LongestWin: 3}, {Draws: 1, Losses: 1, LongestLoss: 300}}
	var b bytes.Buffer
	if err := s.writeCheckpoint(&b, 3, 12345); err != nil {
		t.Fatal(err)
	}
	if n, want := b.Len(), checkpointHeaderSize+2*checkpointTableSize+int(8*((egtb.Size(unit[0])+31)/32+(egtb.Size(unit[1])+31)/32)+egtb.Size(unit[0])+2*egtb.Size(unit[1]))+frame.ChecksumSize; n != want {
		t.Errorf("checkpoint of %d bytes, want %d", n, want)
	}
	r := newSlicedSolver(egtb.Embedded(), unit)
	wave, solved, err := r.readCheckpoint(bytes.NewReader(b.Bytes()))
	if err != nil || wave != 3 || solved != 12345 {
		t.Fatalf("read back: wave %d, %d positions, error %v", wave, solved, err)
	}
	for i := range unit {
		if !slices.Equal(r.stats, s.stats) || r.out[i].width != s.out[i].width || !bytes.Equal(encode(t, r.out[i].table(r.stats[i])), encode(t, s.out[i].table(s.stats[i]))) {
			t.Errorf("table %v read back: width %d, stats %+v; written: width %d, stats %+v", unit[i], r.out[i].width, r.stats, s.out[i].width, s.stats)
		}
	}
	damaged := bytes.Clone(b.Bytes())
	damaged[len(damaged)-frame.ChecksumSize-1] ^= 1
	f := newSlicedSolver(egtb.Embedded(), unit)
	if _, _, err := f.readCheckpoint(bytes.NewReader(damaged)); err == nil || !strings.Contains(err.Error(), "bad checksum") {
		t.Fatalf("damaged checkpoint read: error %v, want a bad checksum", err)
	}
	for i, mat := range unit {
		fresh := newTableWriter(layout.Of(mat.Counts())).table(egtb.Stats{})
		if f.out[i].width != 1 || f.stats[i] != (egtb.Stats{}) || !bytes.Equal(encode(t, f.out[i].table(egtb.Stats{})), encode(t, fresh)) {
			t.Errorf("table %v after a refused checkpoint: width %d, stats %+v, not as a new one", mat, f.out[i].width, f.stats[i])
		}
	}
}

// TestStoreLoadsCheckpointsOnlyToResume: a store that does not resume
// does not read a unit's checkpoint, and one that does reads it; without
// one, neither warns.
func TestStoreLoadsCheckpointsOnlyToResume(t *testing.T) {
	dir, mat := t.TempDir(), checkpointUnits[0][0]
	warn := func(err error) { t.Errorf("warning: %v", err) }
	read := func(got *string) func(io.Reader) error {
		return func(r io.Reader) error {
			data, err := io.ReadAll(r)
			*got = string(data)
			return err
		}
	}
	var got string
	if openStore(t, dir, true, warn).LoadCheckpoint(mat, read(&got)) || got != "" {
		t.Errorf("no checkpoint: loaded %q", got)
	}
	store := openStore(t, dir, false, warn)
	if err := store.SaveCheckpoint(mat, func(w io.Writer) error { _, err := io.WriteString(w, "state"); return err }); err != nil {
		t.Fatal(err)
	}
	if store.LoadCheckpoint(mat, read(&got)) || got != "" {
		t.Errorf("without resume: loaded %q", got)
	}
	if !openStore(t, dir, true, warn).LoadCheckpoint(mat, read(&got)) || got != "state" {
		t.Errorf("with resume: loaded %q, want the checkpoint saved", got)
	}
	if err := store.RemoveCheckpoint(mat); err != nil {
		t.Fatal(err)
	}
	if err := store.RemoveCheckpoint(mat); err != nil {
		t.Errorf("removing a checkpoint removed: %v", err)
	}
	if openStore(t, dir, true, warn).LoadCheckpoint(mat, read(&got)) {
		t.Error("a removed checkpoint loaded")
	}
}

// openStore is OpenStore's store, its error failing the test.
func openStore(t *testing.T, dir string, resume bool, warn func(error)) *Store {
	t.Helper()
	s, err := OpenStore(dir, resume, warn)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
