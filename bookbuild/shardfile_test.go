// Tests of shard files: writing, reading back, an interrupted last line,
// and the checks that shard files belong to one build.

package bookbuild

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
)

// shardText is a shard file with the scores of the start position's moves.
func shardText(t *testing.T, h ShardHeader) ([]byte, []LeafScore) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteShardHeader(&buf, h); err != nil {
		t.Fatal(err)
	}
	start := engine.StartPosition()
	var scores []LeafScore
	for i, m := range start.LegalMoves()[:3] {
		l := LeafScore{Position: start.Play(m), Score: 10*i - 7 + h.Index}
		scores = append(scores, l)
		if err := WriteLeafScore(&buf, l); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes(), scores
}

func TestShardFileRoundTrip(t *testing.T) {
	h := ShardHeader{Settings: "depth=2 hash=1 ply-cost=10 growth=2 positions=5", Round: 3, Index: 2, Count: 4}
	data, scores := shardText(t, h)
	f, err := ReadShardFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if f.ShardHeader != h || !reflect.DeepEqual(f.Scores, scores) || f.Length != int64(len(data)) {
		t.Errorf("read back %+v, length %d; want %+v, %d", f, f.Length, h, len(data))
	}
	// An interrupted write: the last line is cut short and left out.
	cut := data[:len(data)-5]
	f, err = ReadShardFile(bytes.NewReader(cut))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.Scores, scores[:2]) || int(f.Length) != bytes.LastIndexByte(cut, '\n')+1 {
		t.Errorf("cut file: %d scores, length %d", len(f.Scores), f.Length)
	}
	complete := ShardHeader{Settings: h.Settings, Complete: true, Index: 1, Count: 1}
	data, _ = shardText(t, complete)
	if f, err := ReadShardFile(bytes.NewReader(data)); err != nil || !f.Complete || f.Round != 0 {
		t.Errorf("complete shard read back as %+v, %v", f, err)
	}
}

func TestShardFileErrors(t *testing.T) {
	good := "dameo book shard 1\nsettings: x\nshard: 1/2\nround: 1\n"
	start := engine.StartPosition()
	for _, text := range []string{
		"",
		"dameo book shard 1\nsettings: x\n",
		"DAMEOBK\x1a\n",
		"dameo book shard 1\nsettings: x\nshard: 3/2\nround: 1\n",
		"dameo book shard 1\nsettings: x\nshard: 1/2\nround: 0\n",
		good + "no score here\n",
		good + start.String() + "; many\n",
		good + start.String() + "; 99999\n",
		good + "xx; 5\n",
		good + strings.Repeat("x", maxShardLine+10) + "\n",
	} {
		if f, err := ReadShardFile(strings.NewReader(text)); err == nil {
			t.Errorf("%.60q read as %+v", text, f)
		}
	}
}

func TestReadShards(t *testing.T) {
	dir := t.TempDir()
	settings := "depth=2 hash=1 ply-cost=10 growth=2 positions=5"
	write := func(name string, h ShardHeader) string {
		data, _ := shardText(t, h)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a := write("a", ShardHeader{Settings: settings, Round: 1, Index: 1, Count: 2})
	b := write("b", ShardHeader{Settings: settings, Round: 1, Index: 2, Count: 2})
	c := write("c", ShardHeader{Settings: settings, Round: 2, Index: 1, Count: 2})
	other := write("other", ShardHeader{Settings: "depth=3" + settings[7:], Round: 2, Index: 2, Count: 2})
	three := write("three", ShardHeader{Settings: settings, Round: 2, Index: 2, Count: 3})
	set, err := ReadShards([]string{a, b, c}, settings)
	if err != nil {
		t.Fatal(err)
	}
	if set.Count != 2 || set.Rounds != 2 || len(set.Scores) != 9 {
		t.Errorf("set of %d shards, %d rounds, %d scores", set.Count, set.Rounds, len(set.Scores))
	}
	if err := set.CheckBefore(2); err == nil || !strings.Contains(err.Error(), c) {
		t.Errorf("round 2's file given to round 2: %v", err)
	}
	if err := set.CheckBefore(3); err != nil {
		t.Error(err)
	}
	if err := set.CheckRoundsWhole(); err == nil || !strings.Contains(err.Error(), "shard 2/2 of round 2") {
		t.Errorf("round 2 without its shard 2: %v", err)
	}
	if set, err := ReadShards([]string{a, b}, settings); err != nil || set.CheckRoundsWhole() != nil {
		t.Errorf("round 1 whole: %v", err)
	}
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{a, b, a}, "given twice"},
		{[]string{a, other}, "another build"},
		{[]string{a, three}, "of 2 shards"},
		{[]string{a, filepath.Join(dir, "missing")}, "missing"},
	} {
		if _, err := ReadShards(tc.paths, settings); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.paths, err, tc.want)
		}
	}
}

func FuzzReadShardFile(f *testing.F) {
	f.Add([]byte("dameo book shard 1\nsettings: x\nshard: 1/2\nround: 1\n" + engine.StartPosition().String() + "; 5\n"))
	f.Add([]byte("dameo book shard 1\nsettings: \nshard: 1/1\nround: complete\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ReadShardFile(bytes.NewReader(data))
		if err != nil {
			return
		}
		// What was read writes back to the same lines.
		var buf bytes.Buffer
		WriteShardHeader(&buf, sf.ShardHeader)
		for _, l := range sf.Scores {
			WriteLeafScore(&buf, l)
		}
		again, err := ReadShardFile(&buf)
		if err != nil || again.ShardHeader != sf.ShardHeader || !reflect.DeepEqual(again.Scores, sf.Scores) {
			t.Fatalf("read %+v, written and read again %+v, %v", sf, again, err)
		}
	})
}

func TestParseSearchSettings(t *testing.T) {
	s := SearchSettings{Positions: 3000, Depth: 10, PlyCost: 10, Growth: 2, HashMiB: 32}
	if got, err := ParseSearchSettings(s.String()); err != nil || got != s {
		t.Errorf("%q read as %+v, %v", s.String(), got, err)
	}
	if !s.Continues("dameo 0.1.0: book build --from-search depth=10 hash=32 ply-cost=10 growth=2 positions=500") {
		t.Error("a smaller book of the same course does not continue")
	}
	if s.Continues("dameo 0.1.0: book build --from-search depth=4 hash=32 ply-cost=10 growth=2 positions=3000") {
		t.Error("a book of another depth continues")
	}
	for _, text := range []string{"", "depth=0 hash=32 ply-cost=10 growth=2 positions=5", "depth=4 hash=32 ply-cost=10 growth=2 positions=5 x", "depth=04 hash=32 ply-cost=10 growth=2 positions=5"} {
		if _, err := ParseSearchSettings(text); err == nil {
			t.Errorf("%q accepted", text)
		}
	}
}
