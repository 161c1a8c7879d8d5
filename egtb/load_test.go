// Tests of table files: round trips, every kind of bad file, Open and
// FullPieces; the decoder's fuzz test.

package egtb

import (
	"bytes"
	"encoding/binary"
	"github.com/dameo/dameo/egtb/internal/frame"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sampleTable is a small embedded table for file tests.
func sampleTable(t testing.TB) *Table {
	t.Helper()
	tab := Embedded().Table(Material{1, 0, 1, 0})
	if tab == nil {
		t.Fatal("table 1010 is not embedded")
	}
	return tab
}

func TestWriteAndLoadFile(t *testing.T) {
	dir := t.TempDir()
	want := Embedded()
	for _, tab := range want.All() {
		if err := tab.WriteFile(filepath.Join(dir, tab.Material().FileName())); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "README"), []byte("not a table"), 0o644)
	got, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { got.Close() })
	if got.FullPieces() != want.FullPieces() || len(got.All()) != len(want.All()) {
		t.Fatalf("loaded %d tables up to %d pieces, wrote %d up to %d", len(got.All()), got.FullPieces(), len(want.All()), want.FullPieces())
	}
	for _, tab := range want.All() {
		g := got.Table(tab.Material())
		if g == nil || !bytes.Equal(g.encode(), tab.encode()) || g.Stats() != tab.Stats() {
			t.Errorf("table %v differs after a round trip through a file", tab.Material())
		}
	}
}

// reseal recomputes the checksum of a changed file, so that a deeper
// check has to find the damage.
func reseal(data []byte) []byte {
	body := data[:len(data)-frame.ChecksumSize]
	binary.LittleEndian.PutUint32(data[len(body):], crc32.Checksum(body, frame.Castagnoli))
	return data
}

func TestLoadFileRejectsBadFiles(t *testing.T) {
	good := sampleTable(t).encode()
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	firstWin := firstSlot(sampleTable(t), frame.CodeWin)
	firstUnused := firstSlot(sampleTable(t), frame.CodeUnused)
	codesStart := uint64(headerSize)
	dtwStart := codesStart + (Size(Material{1, 0, 1, 0})+3)/4
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty file"},
		{"wrong magic", edit(func(b []byte) []byte { b[0] = 'X'; return b }), "bad magic"},
		{"short header", good[:20], "truncated"},
		{"truncated", good[:len(good)-100], "truncated"},
		{"trailing data", append(bytes.Clone(good), 0), "corrupt"},
		{"bit flip", edit(func(b []byte) []byte { b[len(b)/2] ^= 4; return b }), "checksum"},
		{"bit flip in the checksum", edit(func(b []byte) []byte { b[len(b)-1] ^= 1; return b }), "checksum"},
		{"version", edit(func(b []byte) []byte { b[8] = 2; return b }), "version 2"},
		{"no such material", edit(func(b []byte) []byte { b[12], b[13], b[14], b[15] = 0, 0, 1, 0; return b }), "bad material"},
		{"too many pieces", edit(func(b []byte) []byte { b[12] = MaxTablePieces; return b }), "bad material"},
		{"other material", edit(func(b []byte) []byte { b[12], b[13] = 0, 1; return b }), "slots"},
		{"width", edit(func(b []byte) []byte { b[24] = 3; return b }), "width"},
		{"counts", edit(func(b []byte) []byte { b[40]++; return reseal(b) }), "header says"},
		{"even win", edit(func(b []byte) []byte { b[dtwStart+firstWin]++; return reseal(b) }), "even distance"},
		{"unused slot made a draw", edit(func(b []byte) []byte { b[codesStart+firstUnused/4] &^= 3 << (2 * (firstUnused % 4)); return reseal(b) }), "header says"},
	} {
		expectRejected(t, c.name, "1010.egtb", c.data, c.want,
			func(path string) error { _, err := LoadFile(path); return err },
			func(data []byte) error { _, err := decode(data); return err })
	}
}

// expectRejected writes data as a file of the given name and checks that
// load refuses it with an error naming the file and saying want, and that
// decode refuses the bytes too.
func expectRejected(t *testing.T, what, name string, data []byte, want string, load func(string) error, decode func([]byte) error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := load(path); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
		t.Errorf("%s: error %v, want one naming the file and saying %q", what, err, want)
	}
	if err := decode(data); err == nil {
		t.Errorf("%s: the decoder accepts it", what)
	}
}

// TestCheckSlotsInParts: the check in parts (as for large tables) counts
// as in one, and finds a bad slot in any part.
func TestCheckSlotsInParts(t *testing.T) {
	good := sampleTable(t)
	if err := good.checkSlotsIn(3); err != nil {
		t.Fatal(err)
	}
	for _, i := range []uint64{firstSlot(good, frame.CodeWin), good.Size() - 1 - firstSlot(good, frame.CodeWin)} {
		bad := *good
		bad.dtw = bytes.Clone(good.dtw)
		bad.dtw[i]++
		if err := bad.checkSlotsIn(3); err == nil {
			t.Errorf("a changed distance in slot %d passes the check in 3 parts", i)
		}
	}
	bad := *good
	bad.stats.Draws++
	if err := bad.checkSlotsIn(3); err == nil || !strings.Contains(err.Error(), "header says") {
		t.Errorf("wrong counts in 3 parts: %v", err)
	}
}

func TestLoadFileRejectsNonRegularFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "1010.egtb")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("LoadFile(directory): %v", err)
	}
	if _, err := Open(filepath.Dir(dir)); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Open with a directory named like a table: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	empty := t.TempDir()
	if _, err := Open(empty); err == nil || !strings.Contains(err.Error(), "no table files") {
		t.Errorf("Open(empty directory): %v", err)
	}
	if _, err := Open(filepath.Join(empty, "missing")); err == nil {
		t.Error("Open(missing directory) succeeds")
	}
	misnamed := t.TempDir()
	if err := sampleTable(t).WriteFile(filepath.Join(misnamed, "0110.egtb")); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(misnamed); err == nil || !strings.Contains(err.Error(), "wrong material") {
		t.Errorf("Open with a misnamed table: %v", err)
	}
}

// TestFullPiecesCountsCompleteSets: FullPieces is the largest n with every
// table of up to n pieces present.
func TestFullPiecesCountsCompleteSets(t *testing.T) {
	all := Embedded().All()
	if got := NewTables(nil).FullPieces(); got != 1 {
		t.Errorf("no tables: FullPieces %d", got)
	}
	var without []*Table
	for _, tab := range all {
		if tab.Material() != (Material{0, 1, 2, 0}) {
			without = append(without, tab)
		}
	}
	if got := NewTables(without).FullPieces(); got != 2 {
		t.Errorf("without table 0120: FullPieces %d, want 2", got)
	}
	// MostPieces counts every table loaded, complete sets or not.
	if got := NewTables(without).MostPieces(); got != 3 {
		t.Errorf("without table 0120: MostPieces %d, want 3", got)
	}
	twos := NewTables(nil)
	for _, tab := range all {
		if tab.Material().Pieces() == 2 {
			twos.add(tab)
		}
	}
	if twos.MostPieces() != 2 {
		t.Errorf("the 2-piece tables: MostPieces %d, want 2", twos.MostPieces())
	}
	w, err := decodeWDL(wdlBytes(t, Embedded().Table(Material{0, 1, 2, 0})))
	if err != nil {
		t.Fatal(err)
	}
	twos.addWDL(w)
	if twos.FullPieces() != 2 || twos.WDLPieces() != 2 || twos.MostPieces() != 3 {
		t.Errorf("the 2-piece tables and WDL 0120: FullPieces %d, WDLPieces %d, MostPieces %d, want 2, 2, 3",
			twos.FullPieces(), twos.WDLPieces(), twos.MostPieces())
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(Embedded().Table(Material{0, 1, 0, 1}).encode())
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := decode(bytes.Clone(data))
		if err != nil {
			return
		}
		if !bytes.Equal(tab.encode(), data) {
			t.Fatal("a decoded table encodes differently")
		}
	})
}
