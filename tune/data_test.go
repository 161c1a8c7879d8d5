//go:build unix

// Tests of the data a run reads: the same data twice refused (a file given
// twice, a shard twice in a concatenation), the held-out games a
// deterministic share, files that are not data refused at once.

package tune

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestOpenDataRefusesTheSameDataTwice(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 1))
	games := randomRecords(rng, 30, 0)
	a := dataFile(t, dir, "a.bin", "seed=1 shard=1/2", games[:15])
	b := dataFile(t, dir, "b.bin", "seed=1 shard=2/2", games[15:])
	other := dataFile(t, dir, "c.bin", "seed=2 shard=1/1", games) // another run: the same numbers are other games
	if _, err := OpenData([]string{a, b, other}, 1, 20); err != nil {
		t.Fatalf("three files of two runs: %v", err)
	}
	link := filepath.Join(dir, "link.bin")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	twice := filepath.Join(dir, "twice.bin")
	if err := os.WriteFile(twice, append(append(append([]byte(nil), ab...), bb...), ab...), 0o644); err != nil {
		t.Fatal(err)
	}
	sameRun := dataFile(t, dir, "d.bin", "seed=1 shard=1/1", games[2:4]) // game 2 also in a.bin
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{a, a}, "same file"},
		{[]string{a, b, link}, "same file"},
		{[]string{twice}, "appears twice (in " + twice + ")"},
		{[]string{a, sameRun}, "game 2 of the run \"seed=1 shard=1/2\" appears twice (in " + a + " and " + sameRun + ")"},
	} {
		if _, err := OpenData(tc.paths, 1, 20); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.paths, err, tc.want)
		}
	}
}

// TestHeldOutShare: about the share asked of the games is held out, other
// games for another seed.
func TestHeldOutShare(t *testing.T) {
	held := 0
	for g := range uint32(10000) {
		if heldOut(5, 77, g, 20) {
			held++
		}
	}
	if held < 1800 || held > 2200 {
		t.Errorf("%d of 10000 games held out at 20%%", held)
	}
	other := 0
	for g := range uint32(10000) {
		if heldOut(5, 77, g, 20) != heldOut(6, 77, g, 20) {
			other++
		}
	}
	if other < 2000 {
		t.Errorf("seeds 5 and 6 hold out other games %d times of 10000", other)
	}
	d := testData(t, t.TempDir())
	if n := d.ValidPositions(); n == 0 || int64(n) > d.TrainPositions()/2 {
		t.Errorf("%d held out, %d training", n, d.TrainPositions())
	}
}

// TestOpenDataRefusesOtherFiles: a device, a FIFO, a directory, a text
// file or a line without end are refused without blocking or reading them
// whole.
func TestOpenDataRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "fifo"))
	text := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(text, []byte("#dameo-datagen 1 nodes=1\n#game 0 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, "long")
	f, err := os.Create(long)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(300 << 20); err != nil { // 300 MB of zeros, sparse: a line without end
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct{ path, want string }{
		{"/dev/zero", "not a regular file"},
		{fifo, "not a regular file"},
		{dir, "not a regular file"},
		{text, "datagen convert"},
		{long, "not a dameo binary data file"},
		{filepath.Join(dir, "missing"), "no such file"},
	} {
		done := make(chan error, 1)
		go func() { _, err := OpenData([]string{tc.path}, 1, 10); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: %v, want %q", tc.path, err, tc.want)
			}
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s: still reading after 2 minutes", tc.path)
		}
	}
}
