// Tests of binary data files: games written and read back, files
// concatenated, cut anywhere, damaged, or not data files at all.

package datagen

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// binFile is a binary data file of one section with the settings, holding
// the given games (each a slice of records; their Game is set to 10, 11, …).
func binFile(t testing.TB, settings string, games ...[]Record) []byte {
	t.Helper()
	buf, err := AppendHeader(nil, settings)
	if err != nil {
		t.Fatal(err)
	}
	for g, recs := range games {
		recs = append([]Record(nil), recs...)
		for i := range recs {
			recs[i].Game = 10 + g
		}
		if buf, err = AppendGame(buf, recs); err != nil {
			t.Fatal(err)
		}
	}
	return buf
}

// readAll reads a binary data file into its decoded records.
func readAll(data []byte) ([]Record, *Reader, error) {
	r := NewReader(bytes.NewReader(data))
	var out []Record
	for {
		p, err := r.Next()
		if err == io.EOF {
			return out, r, nil
		}
		if err != nil {
			return out, r, err
		}
		rec, err := p.Decode()
		if err != nil {
			return out, r, err
		}
		out = append(out, rec)
	}
}

func TestBinaryRoundTrip(t *testing.T) {
	recs := randomRecords(3000, 3)
	data := binFile(t, "a=1 shard=1/2", recs[:1000], recs[1000:2999], recs[2999:])
	got, r, err := readAll(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(recs) {
		t.Fatalf("read %d records, wrote %d", len(got), len(recs))
	}
	for i := range recs {
		want := recs[i]
		want.Game = 10 + min(i/1000, 1) + i/2999
		if got[i] != want {
			t.Fatalf("record %d: read %+v, wrote %+v", i, got[i], want)
		}
	}
	if s, _ := r.Settings(); s != "a=1 shard=1/2" || r.Sections() != 1 || r.CompleteOffset() != int64(len(data)) {
		t.Errorf("settings %q, %d sections, complete offset %d of %d", s, r.Sections(), r.CompleteOffset(), len(data))
	}
}

// TestConcatenation: shards concatenated read as one file, section after
// section, the shards of a run with one run key and another run with its
// own.
func TestConcatenation(t *testing.T) {
	recs := randomRecords(300, 4)
	var all []byte
	for _, s := range []string{"seed=1 shard=1/2", "seed=1 shard=2/2", "seed=2 shard=1/1"} {
		all = append(all, binFile(t, s, recs[:100], recs[100:300])...)
	}
	r := NewReader(bytes.NewReader(all))
	keys := map[uint64]int{}
	r.OnGame = func(run uint64, game uint32, n int) {
		keys[run]++
		if want := map[uint32]int{10: 100, 11: 200}[game]; n != want {
			t.Errorf("game %d: %d records, want %d", game, n, want)
		}
	}
	n := 0
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 900 || r.Sections() != 3 {
		t.Errorf("%d records in %d sections", n, r.Sections())
	}
	if len(keys) != 2 || keys[RunKey("seed=1 shard=2/2")] != 4 || keys[RunKey("seed=2")] != 2 {
		t.Errorf("games by run key: %v", keys)
	}
}

// TestBinaryTruncated: a file cut anywhere but at the end of a game is an
// error wrapping ErrTruncated, and CompleteOffset marks the end of the last
// whole game.
func TestBinaryTruncated(t *testing.T) {
	recs := randomRecords(5, 5)
	data := binFile(t, "x=1", recs[:2], recs[2:5])
	header := len(data) - 5*RecordSize
	ends := map[int]bool{header: true, header + 2*RecordSize: true, len(data): true}
	for cut := 1; cut <= len(data); cut++ {
		_, r, err := readAll(data[:cut])
		switch {
		case cut < header:
			if err == nil {
				t.Errorf("cut at %d, inside the header: no error", cut)
			}
			continue
		case ends[cut] && err != nil:
			t.Errorf("cut at %d (a game's end): %v", cut, err)
		case !ends[cut]:
			var oe *OffsetError
			if !errors.Is(err, ErrTruncated) || !errors.As(err, &oe) {
				t.Errorf("cut at %d: %v, want a truncation", cut, err)
			}
		}
		want := int64(header)
		for end := range ends {
			if end <= cut && int64(end) > want {
				want = int64(end)
			}
		}
		if r.CompleteOffset() != want {
			t.Errorf("cut at %d: complete offset %d, want %d", cut, r.CompleteOffset(), want)
		}
	}
}

func TestBinaryBadFiles(t *testing.T) {
	recs := randomRecords(3, 6)
	good := binFile(t, "x=1", recs[:2], recs[2:])
	h := len(good) - 3*RecordSize
	rec := func(i int) []byte { return good[h+i*RecordSize : h+(i+1)*RecordSize] }
	join := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	damaged := func(at int) []byte {
		d := bytes.Clone(good)
		d[at] ^= 0x10
		return d
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty file"},
		{"a text file", []byte("#dameo-datagen 1 nodes=1 depth=0 random-plies=0 seed=1\n#game 0 0\n"), "datagen convert"},
		{"zeros", make([]byte, 4096), "not a dameo binary data file"},
		{"version", damaged(offVersion), "format version"},
		{"header checksum", damaged(offSettings), "bad checksum"},
		{"header size", damaged(offHeaderSize + 1), "corrupt header"},
		{"record checksum", damaged(h + 5), "checksum"},
		{"a game's first record missing", join(good[:h], rec(1), rec(2)), "without the ones before it"},
		{"a record twice", join(good[:h], rec(0), rec(0), rec(1), rec(2)), "where record 1 of game 10 goes"},
		{"another game inside a game", join(good[:h], rec(0), rec(2), rec(1)), "where record 1 of game 10 goes"},
		{"a header inside a game", join(good[:h], rec(0), good[:h], rec(1)), "a header where the records of game 10 go on"},
	} {
		_, _, err := readAll(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// FuzzReader: any input reads to the end or to an error without a panic,
// and every record read that decodes packs again to the same bytes.
func FuzzReader(f *testing.F) {
	recs := randomRecords(4, 7)
	f.Add(binFile(f, "x=1 shard=1/1", recs[:1], recs[1:]))
	f.Add(append(binFile(f, "a", recs[:2]), binFile(f, "b", recs[2:])...))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for range 10000 {
			p, err := r.Next()
			if err != nil {
				return
			}
			rec, err := p.Decode()
			if err != nil {
				continue
			}
			again, err := pack(&rec, p.seq(), p.last())
			if err != nil || again != *p {
				t.Fatalf("record %x decodes to %+v and packs to %x, %v", p[:], rec, again[:], err)
			}
		}
	})
}
