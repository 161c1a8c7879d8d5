// Tests of the checkpoint file: any bytes read as a checkpoint give one or
// a clear error, never a panic; a checkpoint reads back as written.

package tune

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/racetest"
)

func TestCheckpointRoundTrip(t *testing.T) {
	racetest.Skip(t, "a checkpoint written and read on one goroutine")
	path := filepath.Join(t.TempDir(), "ckpt")
	st := &state{epoch: 3, bestEpoch: 2, step: 99, k: 0.01, lr: 0.5, bestLoss: 0.12, startTrain: 0.2, startVal: 0.13,
		params: newParams(eval.HandWeights()), best: eval.HandWeights()}
	st.params[7].m = [2]float32{1.5, -2}
	st.params[eval.NumParams-1].v = [2]float32{3, 4}
	st.best.EG[eval.NumParams-1] = -7
	if err := writeCheckpoint(path, "a=1", st); err != nil {
		t.Fatal(err)
	}
	got, err := readCheckpoint(path, "a=1")
	if err != nil {
		t.Fatal(err)
	}
	if got.epoch != 3 || got.bestEpoch != 2 || got.step != 99 || got.k != 0.01 || got.lr != 0.5 || got.bestLoss != 0.12 ||
		got.startVal != 0.13 || got.stopped || got.params[7] != st.params[7] || got.params[eval.NumParams-1] != st.params[eval.NumParams-1] ||
		!sameWeights(got.best, st.best) {
		t.Errorf("read back otherwise than written")
	}
	if _, err := readCheckpoint(path, "a=2"); err == nil {
		t.Errorf("a checkpoint of other settings read")
	}
}

// FuzzReadCheckpoint: whatever the file holds, readCheckpoint returns a
// state or an error, without a panic.
func FuzzReadCheckpoint(f *testing.F) {
	f.Add([]byte(checkpointMagic + "\x01\x00\x00\x00\x03\x00\x00\x00a=1"))
	f.Add([]byte(checkpointMagic + "\x02\x00\x00\x00"))
	f.Add([]byte(checkpointMagic + "\x01\x00\x00\x00\xff\xff\xff\xff"))
	f.Add([]byte("DAMEOEVL"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "ckpt")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if st, err := readCheckpoint(path, "a=1"); err == nil && len(st.params) != eval.NumParams {
			t.Fatalf("a state of %d parameters", len(st.params))
		}
	})
}
