// Tests of the weights file: written and read back, every kind of damage
// refused with a clear error, files that are not regular refused before
// they are read, endless input bounded, the embedded file, and a fuzz
// target for the decoder.

package eval

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/racetest"
)

// encode is the weights file of w and description.
func encode(t testing.TB, w *Weights, description string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, w, description); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// resum is data with its checksum made right again.
func resum(data []byte) []byte {
	n := len(data) - 4
	binary.LittleEndian.PutUint32(data[n:], crc32.Checksum(data[:n], castagnoli))
	return data
}

func TestWriteReadRoundTrip(t *testing.T) {
	w := randomWeights(rand.New(rand.NewPCG(51, 52)), 32767)
	data := encode(t, w, "dameo tune a.bin --seed 3\nsecond line")
	if len(data) != headerSize+len("dameo tune a.bin --seed 3\nsecond line")+4*NumParams+4 {
		t.Errorf("file of %d bytes", len(data))
	}
	got, description, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if description != "dameo tune a.bin --seed 3\nsecond line" || !slices.Equal(got.MG, w.MG) || !slices.Equal(got.EG, w.EG) {
		t.Errorf("read back differently: description %q", description)
	}
	if err := Write(&bytes.Buffer{}, w, strings.Repeat("x", MaxDescription+1)); err == nil {
		t.Errorf("a description too long: no error")
	}
	if err := Write(&bytes.Buffer{}, &Weights{MG: w.MG[:5], EG: w.EG}, ""); err == nil {
		t.Errorf("weights of the wrong shape: no error")
	}
}

func TestReadRefusesDamage(t *testing.T) {
	racetest.Skip(t, "reading weights on one goroutine")
	good := encode(t, NewWeights(), "made by a test")
	put := func(at int, v uint32) []byte {
		d := slices.Clone(good)
		binary.LittleEndian.PutUint32(d[at:], v)
		return resum(d)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a dameo weights file"},
		{"other magic", append([]byte("DAMEOBK\x1a"), good[8:]...), "not a dameo weights file"},
		{"header only", good[:headerSize], "its header announces"},
		{"truncated", good[:len(good)-1], "its header announces"},
		{"one byte more", append(slices.Clone(good), 0), "its header announces"},
		{"version", put(8, 2), "format version 2"},
		{"feature set", put(12, 7), "feature set 7"},
		{"groups", put(16, 3), "of 3 groups"},
		{"group shape", put(20+4*3, 12), "patterns 4x3"},
		{"description length", put(headerSize-4, MaxDescription+1), "more than 4096"},
		{"checksum", func() []byte { d := slices.Clone(good); d[len(d)/2] ^= 1; return d }(), "checksum"},
		{"description not UTF-8", func() []byte { d := slices.Clone(good); d[headerSize] = 0xff; return resum(d) }(), "not UTF-8"},
	} {
		w, _, err := Read(bytes.NewReader(tc.data))
		if err == nil || w != nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: weights %v, error %v; want an error with %q", tc.name, w != nil, err, tc.want)
		}
	}
}

func TestLoadRefusesWhatIsNotAWeightsFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.bin")
	if err := os.WriteFile(good, encode(t, HandWeights(), "hand"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, description, err := Load(good)
	if err != nil || description != "hand" || w.MG[TermIndex(TermMan)] != 100 {
		t.Fatalf("a good file: %v, %q", err, description)
	}
	if _, err := LoadEvaluator(good); err != nil {
		t.Errorf("LoadEvaluator of a good file: %v", err)
	}
	if e, err := LoadEvaluator(""); err != nil || e != Default() {
		t.Errorf("LoadEvaluator(\"\"): %v, not the default", err)
	}
	cases := []struct{ path, want string }{
		{dir, "not a regular file (a directory)"},
		{filepath.Join(dir, "missing.bin"), "no such file"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct{ path, want string }{"/dev/zero", "not a regular file (a device)"})
	}
	cases = append(cases, fifoCase(t, dir)...)
	for _, tc := range cases {
		if _, _, err := Load(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.path, err, tc.want)
		}
		if _, err := LoadEvaluator(tc.path); err == nil {
			t.Errorf("LoadEvaluator(%s): no error", tc.path)
		}
	}
}

// TestReadBounded: an endless input is read only up to the largest file.
func TestReadBounded(t *testing.T) {
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip("no /dev/zero")
	}
	defer f.Close()
	if _, _, err := Read(f); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("reading /dev/zero: %v", err)
	}
}

// TestEmbeddedWeights: the embedded file decodes, says what made it, and
// holds the generation-3 weights of docs/tuning.md (a few values pinned,
// and the king squares and 4×3 patterns trained, not left 0).
func TestEmbeddedWeights(t *testing.T) {
	w, description, err := Decode(defaultFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(description, "dameo tune") || DefaultDescription() != description {
		t.Errorf("description %q", description)
	}
	for _, tc := range []struct {
		index  int
		mg, eg int16
	}{
		{TermIndex(TermMan), 98, 123},
		{TermIndex(TermTempo), 9, 6},
		{BlockIndex(0, 1), -12, -21},
		{BlockIndex(6, 80), 14, 62},
	} {
		if w.MG[tc.index] != tc.mg || w.EG[tc.index] != tc.eg {
			t.Errorf("weight %d: %d %d, want %d %d", tc.index, w.MG[tc.index], w.EG[tc.index], tc.mg, tc.eg)
		}
	}
	trained := 0
	for i := kingSquaresOffset; i < NumParams; i++ {
		if w.MG[i] != 0 || w.EG[i] != 0 {
			trained++
		}
	}
	if trained != 100157 {
		t.Errorf("%d king-square and pattern weights are not 0, want 100157 (the generation-5 file)", trained)
	}
	d := DefaultWeights()
	d.MG[0] = 1
	if DefaultWeights().MG[0] == 1 {
		t.Errorf("DefaultWeights is not a copy")
	}
}

// FuzzRead: any input reads to weights or an error, never a panic; what
// reads writes back to the same bytes.
func FuzzRead(f *testing.F) {
	good := encode(f, NewWeights(), "fuzz")
	f.Add(good[:headerSize+4])
	f.Add([]byte(fileMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, description, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		if again := encode(t, w, description); !bytes.Equal(again, data) {
			t.Fatalf("%d bytes read back as %d other bytes", len(data), len(again))
		}
	})
}
