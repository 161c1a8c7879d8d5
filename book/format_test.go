// Tests of the binary format: round trips and every kind of bad file.

package book

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	b := smallBook(t)
	path := filepath.Join(t.TempDir(), "small.bin")
	if err := b.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Info != b.Info || !reflect.DeepEqual(got.entries, b.entries) {
		t.Fatalf("loaded book differs:\n%+v\nwant\n%+v", got, b)
	}
	for _, e := range b.entries {
		if got.Lookup(&e.Position) == nil {
			t.Errorf("position %v not found after round trip", e.Position.String())
		}
	}
}

// reseal recomputes the checksum of a modified book file.
func reseal(data []byte) []byte {
	n := len(data) - checksumSize
	binary.LittleEndian.PutUint32(data[n:], crc32.Checksum(data[:n], castagnoli))
	return data
}

func TestDecodeBadFiles(t *testing.T) {
	good := smallBook(t).Encode()
	infoEnd := headerSize + len("test book")
	pos := func(i int) int { return infoEnd + positionSize*i }
	move := func(i int) int { return pos(2) + moveSize*i }
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"empty", "empty file", nil},
		{"foreign", "bad magic", []byte("[Event \"a PDN file\"]\n1. c3-c4 *\n")},
		{"wrong magic", "bad magic", edit(func(d []byte) []byte { d[0] = 'X'; return reseal(d) })},
		{"wrong version", "format version 2", edit(func(d []byte) []byte { d[8] = 2; return reseal(d) })},
		{"bad checksum", "bad checksum", edit(func(d []byte) []byte { d[len(d)-1] ^= 1; return d })},
		{"flipped bit", "bad checksum", edit(func(d []byte) []byte { d[move(0)+12] ^= 4; return d })},
		{"trailing bytes", "corrupt", append(append([]byte(nil), good...), 0)},
		{"huge info", "info length", edit(func(d []byte) []byte { d[22] = 1; return reseal(d) })},
		{"huge counts", "truncated", edit(func(d []byte) []byte { d[15] = 0xff; return reseal(d) })},
		{"unsorted", "strictly increasing", edit(func(d []byte) []byte {
			// Swap the two records but keep the move ranges in place.
			a, b := d[pos(0):pos(1)], d[pos(1):pos(2)]
			tmp := append([]byte(nil), a...)
			copy(a[:32], b[:32])
			copy(b[:32], tmp[:32])
			a[38], b[38] = b[38], a[38]
			return reseal(d)
		})},
		{"wrong key", "not the engine's key", edit(func(d []byte) []byte { d[pos(1)] ^= 1; d[pos(0)] ^= 1; return reseal(d) })},
		{"bad side", "side to move", edit(func(d []byte) []byte { d[pos(0)+38] = 7; return reseal(d) })},
		{"overlapping colours", "both colours", edit(func(d []byte) []byte { d[pos(0)+16] |= 1; return reseal(d) })},
		{"bad move range", "move range", edit(func(d []byte) []byte { d[pos(1)+32] = 9; return reseal(d) })},
		{"illegal move", "not legal", edit(func(d []byte) []byte { d[move(0)+9] = 63; return reseal(d) })},
		{"repeated move", "twice", edit(func(d []byte) []byte { copy(d[move(1):move(2)], d[move(0):move(1)]); return reseal(d) })},
	}
	for _, c := range cases {
		_, err := Decode(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestDecodeEveryTruncation(t *testing.T) {
	good := smallBook(t).Encode()
	for n := range len(good) {
		if _, err := Decode(good[:n]); err == nil {
			t.Fatalf("book truncated to %d of %d bytes decoded without error", n, len(good))
		}
	}
}

func TestLoadNamesFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.bin")
	if _, err := Load(missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing file: error %v does not name the file", err)
	}
	bad := filepath.Join(dir, "bad.bin")
	if err := os.WriteFile(bad, []byte("DAMEOBK"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("bad file: error %v does not name the file", err)
	}
	text := filepath.Join(dir, "book.txt")
	var dump strings.Builder
	if err := smallBook(t).WriteText(&dump); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(text, []byte(dump.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(text); !errors.Is(err, ErrNotBook) {
		t.Errorf("book in text form: error %v, want ErrNotBook", err)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(smallBook(f).Encode())
	f.Add(builtinData)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(data)
		if err != nil {
			return
		}
		again, err := Decode(b.Encode())
		if err != nil || !reflect.DeepEqual(again.entries, b.entries) {
			t.Fatalf("a decoded book does not survive a round trip: %v", err)
		}
	})
}

func BenchmarkDecodeBuiltin(b *testing.B) {
	for b.Loop() {
		if _, err := Decode(builtinData); err != nil {
			b.Fatal(err)
		}
	}
}
