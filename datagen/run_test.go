// Tests of datagen runs: the games written, quiet positions only, the same
// games for the same seed whatever the order they finish in, and resuming
// a file (also one cut inside a block); huge runs listing nothing up front.

package datagen

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// testConfig plays tiny searches so that games are quick.
func testConfig(games, workers int) Config {
	return Config{Games: games, Shard: 1, Shards: 1, Nodes: 300, BookPlies: 2, RandomPlies: 4, Seed: 7, Workers: workers, HashMiB: 1}
}

// readGames reads a data file into its records by game index.
func readGames(t *testing.T, path string) map[int][]Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := map[int][]Record{}
	r := NewReader(bytes.NewReader(data))
	ended := map[uint32]bool{}
	r.OnGame = func(_ uint64, index uint32, _ int) {
		if ended[index] {
			t.Errorf("game %d twice in %s", index, path)
		}
		ended[index] = true
	}
	for {
		p, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatal(err)
		}
		rec, err := p.Decode()
		if err != nil {
			t.Fatal(err)
		}
		games[rec.Game] = append(games[rec.Game], rec)
	}
}

func run(t *testing.T, cfg Config, path string, resume bool) Stats {
	t.Helper()
	stats, err := Run(context.Background(), cfg, path, resume)
	if err != nil {
		t.Fatal(err)
	}
	return stats
}

func TestRunWritesQuietPositionsWithResults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.bin")
	stats := run(t, testConfig(4, 2), path, false)
	games := readGames(t, path)
	if stats.Games != 4 || len(games) != 4 {
		t.Fatalf("stats %v, %d games in the file", stats, len(games))
	}
	total := 0
	for i, recs := range games {
		total += len(recs)
		for _, r := range recs {
			if r.Position.HasCapture() {
				t.Errorf("game %d: a position with a capture pending: %v", i, r.Position)
			}
			if r.Result != recs[0].Result {
				t.Errorf("game %d: two results", i)
			}
			if r.Ply < 6 || r.Ply >= maxPlies+6 {
				t.Errorf("game %d: ply %d, not after the 6 opening plies", i, r.Ply)
			}
		}
	}
	if total != stats.Positions || total == 0 {
		t.Errorf("%d positions in the file, stats say %d", total, stats.Positions)
	}
	if _, err := Run(context.Background(), testConfig(4, 2), path, false); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("overwriting an existing file without resume: %v", err)
	}
}

// TestResume: a file resumed to more games, and one cut inside a block and
// resumed, hold the same games as a file made in one run with one worker.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.bin")
	run(t, testConfig(5, 1), whole, false)
	want := readGames(t, whole)

	grown := filepath.Join(dir, "grown.bin")
	run(t, testConfig(2, 2), grown, false)
	resumed := testConfig(5, 2)
	var counts []Progress
	resumed.Progress = func(p Progress) { counts = append(counts, p) }
	if s := run(t, resumed, grown, true); s.Skipped != 2 || s.Games != 3 {
		t.Errorf("resume: %v, want 2 skipped and 3 played", s)
	} else if len(counts) != 4 || counts[0] != (Progress{Total: 5, Skipped: 2}) ||
		counts[3].Games != 3 || counts[3].Positions != s.Positions || counts[3].Skipped != 2 {
		t.Errorf("resume: progress %+v, want 5 games, 2 skipped, then each of 3 played (%d positions)", counts, s.Positions)
	}
	cut := filepath.Join(dir, "cut.bin")
	data, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	// Cut the file in the middle of its last game's records, inside a record.
	lastGame := want[4][0].Game
	for len(data) > 0 {
		p := Packed(data[len(data)-RecordSize:])
		if p.Game() != uint32(lastGame) {
			break
		}
		data = data[:len(data)-RecordSize]
	}
	if err := os.WriteFile(cut, data[:len(data)+RecordSize+7], 0o644); err != nil {
		t.Fatal(err)
	}
	if s := run(t, testConfig(5, 2), cut, true); s.Skipped != 4 || s.Games != 1 {
		t.Errorf("resume after a cut: %v, want 4 skipped and 1 played", s)
	}
	for _, path := range []string{grown, cut} {
		got := readGames(t, path)
		if len(got) != len(want) {
			t.Fatalf("%s: %d games, want %d", path, len(got), len(want))
		}
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				t.Errorf("%s: game %d differs from the one-run file", filepath.Base(path), i)
			}
		}
	}
	other := testConfig(5, 1)
	other.Seed++
	if _, err := Run(context.Background(), other, whole, true); err == nil || !strings.Contains(err.Error(), "same settings") {
		t.Errorf("resume with another seed: %v", err)
	}
}

func TestRunRefusesBadConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.bin")
	for _, cfg := range []Config{
		{Games: 0, Nodes: 1, Workers: 1},
		{Games: 1, Workers: 1},
		{Games: 1, Nodes: 1, Workers: 0},
		{Games: 1, Depth: 1000, Workers: 1},
		{Games: 1, Nodes: 1, RandomPlies: -1, Workers: 1},
	} {
		if _, err := Run(context.Background(), cfg, path, false); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	if _, err := os.Stat(path); err == nil {
		t.Errorf("a refused run made the file")
	}
}

// TestShards: the shards of a run hold between them the games of the run
// made unsharded, each game once, the same records.
func TestShards(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.bin")
	run(t, testConfig(5, 2), whole, false)
	want := readGames(t, whole)
	got := map[int][]Record{}
	for i := 1; i <= 2; i++ {
		cfg := testConfig(5, 2)
		cfg.Shard, cfg.Shards = i, 2
		path := filepath.Join(dir, "shard.bin"+string(rune('0'+i)))
		if s := run(t, cfg, path, false); s.Games != 4-i {
			t.Errorf("shard %d/2 of 5 games played %d", i, s.Games)
		}
		for g, recs := range readGames(t, path) {
			if g%2 != i-1 || got[g] != nil {
				t.Errorf("game %d in shard %d/2", g, i)
			}
			got[g] = recs
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d games in the shards, %d unsharded", len(got), len(want))
	}
	for g := range want {
		if !slices.Equal(got[g], want[g]) {
			t.Errorf("game %d differs between the shards and the unsharded run", g)
		}
	}
}

// TestHugeRunsStartInLittleMemory: a run of many games lists none of them
// up front (one of 4294967295 games used to build a 34 GB list before its
// first game, deaf to Ctrl-C), and an interrupted one stops.
func TestHugeRunsStartInLittleMemory(t *testing.T) {
	cfg := testConfig(1<<26, 1)
	cfg.Shard, cfg.Shards = 2, 3
	if got, want := cfg.shardGames(), (1<<26)/3; got != want {
		t.Errorf("shard 2/3 of %d games: %d, want %d", cfg.Games, got, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C before the first game
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	stats, err := Run(ctx, cfg, filepath.Join(t.TempDir(), "data.bin"), false)
	runtime.ReadMemStats(&after)
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("an interrupted run: %v", err)
	}
	if stats.Games > 1 {
		t.Errorf("an interrupted run played %d games", stats.Games)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("starting a run of %d games allocated %d MiB", cfg.Games, alloc>>20)
	}
}
