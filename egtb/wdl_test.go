// Tests of WDL files: round trips of every embedded table, agreement with
// the full tables, every kind of bad file, allocation-free probes, and the
// decoder's fuzz test.

package egtb

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/engine"
)

// wdlBytes is the WDL file of tab.
func wdlBytes(t testing.TB, tab *Table) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := tab.encodeWDL(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestWDLFilesHoldTheValues: every embedded table, written as a WDL file
// and loaded, has the full table's value in every used slot, and a
// directory of WDL files alone answers ProbeWDL as the full tables do.
func TestWDLFilesHoldTheValues(t *testing.T) {
	dir := t.TempDir()
	kinds := map[uint64]int{}
	for _, tab := range Embedded().All() {
		path := filepath.Join(dir, tab.Material().String()+WDLExt)
		if err := tab.WriteWDLFile(path); err != nil {
			t.Fatal(err)
		}
		w, err := LoadWDLFile(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Close() })
		for i := range tab.Size() {
			if c := tab.code(i); c != frame.CodeUnused && w.code(i) != c {
				t.Fatalf("table %v slot %d: WDL file holds %d, the table %d", tab.Material(), i, w.code(i), c)
			}
		}
		for b := 0; b < len(w.index); b += 8 {
			kinds[binary.LittleEndian.Uint64(w.index[b:])>>2&3]++
		}
	}
	if kinds[kindUniform] == 0 || kinds[kindTwo] == 0 || kinds[kindAll] == 0 {
		t.Errorf("blocks by kind %v: want each kind tested", kinds)
	}
	only, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { only.Close() })
	if only.FullPieces() != 1 || only.WDLPieces() != EmbeddedPieces {
		t.Errorf("WDL files only: FullPieces %d, WDLPieces %d", only.FullPieces(), only.WDLPieces())
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for range 20000 {
		p := randomPosition(t, rng, randomMaterial(rng, EmbeddedPieces))
		want, ok := Embedded().ProbeFull(&p)
		got, gotOK := only.ProbeWDL(&p)
		full, fullOK := Embedded().ProbeWDL(&p)
		if !ok || !gotOK || !fullOK || got != want.WDL || full != want.WDL {
			t.Fatalf("%v: ProbeWDL %v %v (full tables %v %v), ProbeFull %v %v", p, got, gotOK, full, fullOK, want, ok)
		}
	}
	// With -egtb.dir, the directory's WDL files (preferred by ProbeWDL)
	// against its full tables (ProbeFull).
	if *tablesDir != "" {
		tabs, err := Open(*tablesDir)
		if err != nil {
			t.Fatal(err)
		}
		for range 200000 {
			p := randomPosition(t, rng, randomMaterial(rng, tabs.FullPieces()))
			want, ok := tabs.ProbeFull(&p)
			if got, gotOK := tabs.ProbeWDL(&p); !ok || !gotOK || got != want.WDL {
				t.Fatalf("%v: ProbeWDL %v %v, ProbeFull %v %v", p, got, gotOK, want, ok)
			}
		}
	}
}

// TestVerifyComparesWDLFiles: Verify checks a WDL table against the full
// table of its material.
func TestVerifyComparesWDLFiles(t *testing.T) {
	tab := Embedded().Table(Material{1, 0, 1, 0})
	good, err := decodeWDL(wdlBytes(t, tab))
	if err != nil {
		t.Fatal(err)
	}
	if err := good.sameValues(tab); err != nil {
		t.Fatal(err)
	}
	changed := *tab
	changed.codes = bytes.Clone(tab.codes)
	i := firstSlot(tab, frame.CodeWin)
	changed.codes[i/4] ^= byte(frame.CodeWin^frame.CodeLoss) << (2 * (i % 4))
	bad, err := decodeWDL(wdlBytes(t, &changed))
	if err != nil {
		t.Fatal(err)
	}
	set := NewTables(Embedded().All())
	set.addWDL(bad)
	if err := set.Verify(context.Background(), 1, nil); err == nil || !strings.Contains(err.Error(), "WDL table 1010") {
		t.Errorf("Verify with a wrong WDL value: %v", err)
	}
}

func TestProbeWDLAllocatesNothing(t *testing.T) {
	dir := t.TempDir()
	tab := Embedded().Table(Material{0, 1, 1, 1})
	if err := tab.WriteWDLFile(filepath.Join(dir, "0111.wdl")); err != nil {
		t.Fatal(err)
	}
	tabs, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tabs.Close() })
	p, err := engine.ParsePosition("8/8/3b4/8/8/2W5/8/6B1 w")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tabs.ProbeWDL(&p); !ok {
		t.Fatal("not covered")
	}
	if n := testing.AllocsPerRun(100, func() { tabs.ProbeWDL(&p) }); n != 0 {
		t.Errorf("ProbeWDL allocates %v times", n)
	}
}

// tableWithEveryKind is table 0111 with its first three blocks made
// uniform, two-valued and three-valued, for the WDL decoder's tests.
func tableWithEveryKind() *Table {
	tab := *Embedded().Table(Material{0, 1, 1, 1})
	tab.codes = bytes.Clone(tab.codes)
	for i := range uint64(3 * blockSlots) {
		code := [3]int{frame.CodeWin, frame.CodeWin + int(i%2), int(i % 3)}[i/blockSlots]
		tab.codes[i/4] = tab.codes[i/4]&^(3<<(2*(i%4))) | byte(code)<<(2*(i%4))
	}
	return &tab
}

func TestLoadWDLFileRejectsBadFiles(t *testing.T) {
	tab := tableWithEveryKind()
	good := wdlBytes(t, tab)
	name := tab.Material().String() + WDLExt
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	blocks := int((tab.Size() + blockSlots - 1) / blockSlots)
	payload := wdlHeaderSize + 8*blocks
	// firstOfKind is the offset of the index word of the first block of a kind.
	firstOfKind := func(kind uint64) int {
		for b := range blocks {
			if binary.LittleEndian.Uint64(good[wdlHeaderSize+8*b:])>>2&3 == kind {
				return wdlHeaderSize + 8*b
			}
		}
		t.Fatalf("no block of kind %d", kind)
		return 0
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty file"},
		{"wrong magic", edit(func(b []byte) []byte { b[0] = 'X'; return b }), "bad magic"},
		{"a table file", tab.encode(), "bad magic"},
		{"short header", good[:30], "truncated"},
		{"truncated", good[:len(good)-10], "truncated"},
		{"trailing data", append(bytes.Clone(good), 0), "corrupt"},
		{"bit flip", edit(func(b []byte) []byte { b[len(b)/2] ^= 8; return b }), "checksum"},
		{"version", edit(func(b []byte) []byte { b[8] = 2; return b }), "version 2"},
		{"no such material", edit(func(b []byte) []byte { b[12], b[13], b[14], b[15] = 0, 0, 1, 0; return b }), "bad material"},
		{"other material", edit(func(b []byte) []byte { b[12], b[13], b[14], b[15] = 0, 4, 0, 1; return b }), "slots"},
		{"block size", edit(func(b []byte) []byte { b[25] = 0x20; return reseal(b) }), "per block"},
		{"reserved", edit(func(b []byte) []byte { b[28] = 1; return reseal(b) }), "reserved"},
		{"counts", edit(func(b []byte) []byte { b[32]++; return reseal(b) }), "wins"},
		{"payload size", edit(func(b []byte) []byte { b[63] = 1; return reseal(b) }), "payload"},
		{"index word", edit(func(b []byte) []byte { b[firstOfKind(kindUniform)] |= 0x10; return reseal(b) }), "index word"},
		{"kind 3", edit(func(b []byte) []byte { b[firstOfKind(kindUniform)] |= 0x0c; return reseal(b) }), "index word"},
		{"uniform value 3", edit(func(b []byte) []byte { b[firstOfKind(kindUniform)] |= 3; return reseal(b) }), "bad value"},
		{"offset", edit(func(b []byte) []byte { b[firstOfKind(kindAll)+1]++; return reseal(b) }), "offset"},
		{"two values in order", edit(func(b []byte) []byte {
			at := payload + int(binary.LittleEndian.Uint64(good[firstOfKind(kindTwo):])>>8)
			b[at] = 0
			return reseal(b)
		}), "values"},
		{"code 3", edit(func(b []byte) []byte {
			at := payload + int(binary.LittleEndian.Uint64(good[firstOfKind(kindAll):])>>8)
			b[at] |= 3
			return reseal(b)
		}), "code 3"},
		{"a value changed", edit(func(b []byte) []byte {
			at := payload + int(binary.LittleEndian.Uint64(good[firstOfKind(kindTwo):])>>8)
			b[at+1] ^= 1
			return reseal(b)
		}), "header says"},
	} {
		expectRejected(t, c.name, name, c.data, c.want,
			func(path string) error { _, err := LoadWDLFile(path); return err },
			func(data []byte) error { _, err := decodeWDL(data); return err })
	}
}

// BenchmarkProbeWDL probes random positions of up to 3 pieces in WDL files
// of the embedded tables, or with -egtb.dir in the directory's WDL files
// (memory-mapped) of up to its WDLPieces.
func BenchmarkProbeWDL(b *testing.B) {
	dir := *tablesDir
	if dir == "" {
		dir = b.TempDir()
		for _, tab := range Embedded().All() {
			if err := tab.WriteWDLFile(filepath.Join(dir, tab.Material().String()+WDLExt)); err != nil {
				b.Fatal(err)
			}
		}
	}
	tabs, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { tabs.Close() })
	rng := rand.New(rand.NewPCG(13, 14))
	positions := make([]engine.Position, 1<<16)
	for i := range positions {
		positions[i] = randomPosition(b, rng, randomMaterial(rng, tabs.WDLPieces()))
	}
	i := 0
	for b.Loop() {
		tabs.ProbeWDL(&positions[i&(1<<16-1)])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}

func FuzzDecodeWDL(f *testing.F) {
	f.Add(wdlBytes(f, Embedded().Table(Material{0, 1, 0, 1})))
	f.Add(wdlBytes(f, Embedded().Table(Material{1, 0, 1, 0})))
	f.Add([]byte(WDLMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := decodeWDL(bytes.Clone(data))
		if err != nil {
			return
		}
		// A table the decoder accepts can be probed in every slot.
		for i := range w.Size() {
			if c := w.code(i); c > frame.CodeLoss {
				t.Fatalf("slot %d: code %d", i, c)
			}
		}
	})
}

func TestUnknownDistanceHasTheParityOfItsValue(t *testing.T) {
	if UnknownDistance(Win)%2 != 1 || UnknownDistance(Loss)%2 != 0 || UnknownDistance(Draw) != 0 || UnknownDistance(Loss) <= longestDistance(Embedded()) {
		t.Errorf("UnknownDistance: win %d, loss %d, draw %d", UnknownDistance(Win), UnknownDistance(Loss), UnknownDistance(Draw))
	}
}
