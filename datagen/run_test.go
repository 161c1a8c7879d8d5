// Tests of datagen runs: the games written, quiet positions only, the same
// games for the same seed whatever the order they finish in, and resuming
// a file (also one cut inside a block).

package datagen

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// testConfig plays tiny searches so that games are quick.
func testConfig(games, workers int) Config {
	return Config{Games: games, Nodes: 300, RandomPlies: 4, Seed: 7, Workers: workers, HashMiB: 1}
}

// readGames reads a data file into its records by game index.
func readGames(t *testing.T, path string) map[int][]Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games := map[int][]Record{}
	ended := map[int]bool{}
	r := NewReader(f)
	r.onBlock = func(index int) {
		if ended[index] {
			t.Errorf("game %d twice in %s", index, path)
		}
		ended[index] = true
		games[index] = append(games[index], []Record{}...) // a game without positions
	}
	for {
		rec, err := r.Next()
		if err != nil {
			if err != io.EOF {
				t.Fatal(err)
			}
			return games
		}
		games[rec.Game] = append(games[rec.Game], rec)
	}
}

func run(t *testing.T, cfg Config, path string, resume bool) Stats {
	t.Helper()
	stats, err := Run(context.Background(), cfg, path, resume, nil, false, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return stats
}

func TestRunWritesQuietPositionsWithResults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.txt")
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
		}
	}
	if total != stats.Positions || total == 0 {
		t.Errorf("%d positions in the file, stats say %d", total, stats.Positions)
	}
	if _, err := Run(context.Background(), testConfig(4, 2), path, false, nil, false, time.Hour); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("overwriting an existing file without resume: %v", err)
	}
}

// TestResume: a file resumed to more games, and one cut inside a block and
// resumed, hold the same games as a file made in one run with one worker.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.txt")
	run(t, testConfig(5, 1), whole, false)
	want := readGames(t, whole)

	grown := filepath.Join(dir, "grown.txt")
	run(t, testConfig(2, 2), grown, false)
	if s := run(t, testConfig(5, 2), grown, true); s.Skipped != 2 || s.Games != 3 {
		t.Errorf("resume: %v, want 2 skipped and 3 played", s)
	}
	cut := filepath.Join(dir, "cut.txt")
	data, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	// Cut the file in the middle of its last block's position lines.
	lastMarker := strings.LastIndex(string(data), gameMarker)
	if err := os.WriteFile(cut, data[:lastMarker+len(gameMarker)+20], 0o644); err != nil {
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
	if _, err := Run(context.Background(), other, whole, true, nil, false, time.Hour); err == nil || !strings.Contains(err.Error(), "same settings") {
		t.Errorf("resume with another seed: %v", err)
	}
}

func TestRunRefusesBadConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.txt")
	for _, cfg := range []Config{
		{Games: 0, Nodes: 1, Workers: 1},
		{Games: 1, Workers: 1},
		{Games: 1, Nodes: 1, Workers: 0},
		{Games: 1, Depth: 1000, Workers: 1},
		{Games: 1, Nodes: 1, RandomPlies: -1, Workers: 1},
	} {
		if _, err := Run(context.Background(), cfg, path, false, nil, false, time.Hour); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	if _, err := os.Stat(path); err == nil {
		t.Errorf("a refused run made the file")
	}
}
