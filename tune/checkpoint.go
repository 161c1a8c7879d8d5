// The checkpoint: everything a run needs to go on after its last finished
// epoch (weights, Adam's moments, the step, the epoch, the best weights so
// far), written atomically after each epoch and read back by --resume.
// The random state is the epoch itself: each epoch's shuffle is seeded by
// the seed and the epoch's number.
//
// A checkpoint file is, all numbers little-endian: the magic "DAMEOCKP",
// the version (uint32, 1), the length of the settings text (uint32) and
// the text (the run's settings, which a resumed run must share), then
// epoch, best epoch, step (int64), K, learning rate, best held-out loss,
// the start's losses (float64), stopped (uint8), then per parameter its
// weights, first and second moments (6 float32), the best weights (2
// int16 per parameter), and a CRC-32C of every byte before it.

package tune

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/safefile"
)

const (
	checkpointMagic   = "DAMEOCKP"
	checkpointVersion = 1
	maxSettings       = 4096
	scalarsSize       = 3*8 + 5*8 + 1
)

// state is a run after a number of epochs.
type state struct {
	epoch, bestEpoch     int64
	step                 int64
	k, lr, bestLoss      float64
	startTrain, startVal float64
	stopped              bool
	params               []param
	best                 *eval.Weights
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checkpointSize is the size of a checkpoint with a settings text of n
// bytes.
func checkpointSize(n int) int64 {
	return int64(len(checkpointMagic)+8+n+scalarsSize) + int64(eval.NumParams)*(6*4+2*2) + 4
}

// writeCheckpoint writes st with the settings to path atomically.
func writeCheckpoint(path, settings string, st *state) error {
	return safefile.WriteAtomic(path, func(out io.Writer) error {
		crc := crc32.New(castagnoli)
		bw := bufio.NewWriterSize(io.MultiWriter(out, crc), 1<<20)
		le := binary.LittleEndian
		var b []byte
		b = append(b, checkpointMagic...)
		b = le.AppendUint32(b, checkpointVersion)
		b = le.AppendUint32(b, uint32(len(settings)))
		b = append(b, settings...)
		for _, x := range []int64{st.epoch, st.bestEpoch, st.step} {
			b = le.AppendUint64(b, uint64(x))
		}
		for _, x := range []float64{st.k, st.lr, st.bestLoss, st.startTrain, st.startVal} {
			b = le.AppendUint64(b, math.Float64bits(x))
		}
		stopped := byte(0)
		if st.stopped {
			stopped = 1
		}
		b = append(b, stopped)
		bw.Write(b)
		// The parameters a block at a time: 6 float32 each, then the best
		// weights, 2 int16 each.
		block := make([]byte, 0, 24*4096)
		for first := 0; first < len(st.params); first += 4096 {
			block = block[:0]
			for i := first; i < min(first+4096, len(st.params)); i++ {
				p := &st.params[i]
				for _, x := range [6]float32{p.w[0], p.w[1], p.m[0], p.m[1], p.v[0], p.v[1]} {
					block = le.AppendUint32(block, math.Float32bits(x))
				}
			}
			bw.Write(block)
		}
		for first := 0; first < len(st.best.MG); first += 4096 {
			block = block[:0]
			for i := first; i < min(first+4096, len(st.best.MG)); i++ {
				block = le.AppendUint16(block, uint16(st.best.MG[i]))
				block = le.AppendUint16(block, uint16(st.best.EG[i]))
			}
			bw.Write(block)
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		_, err := out.Write(le.AppendUint32(nil, crc.Sum32()))
		return err
	})
}

// readCheckpoint reads the checkpoint at path, which must have been made
// with the settings.
func readCheckpoint(path, settings string) (*state, error) {
	f, fi, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	crc := crc32.New(castagnoli)
	raw := bufio.NewReaderSize(f, 1<<20)
	br := io.TeeReader(raw, crc) // all but the checksum
	le := binary.LittleEndian
	head := make([]byte, len(checkpointMagic)+8)
	if _, err := io.ReadFull(br, head); err != nil || string(head[:len(checkpointMagic)]) != checkpointMagic {
		return nil, fmt.Errorf("%s: not a dameo tune checkpoint", path)
	}
	if v := le.Uint32(head[8:]); v != checkpointVersion {
		return nil, fmt.Errorf("%s: checkpoint version %d, this program reads %d", path, v, checkpointVersion)
	}
	n := int(le.Uint32(head[12:]))
	if n > maxSettings || fi.Size() != checkpointSize(n) {
		return nil, fmt.Errorf("%s: a checkpoint of %d bytes, not the %d of this program's features (truncated or corrupt)", path, fi.Size(), checkpointSize(min(n, maxSettings)))
	}
	body := make([]byte, n+scalarsSize)
	if _, err := io.ReadFull(br, body); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if got := string(body[:n]); got != settings {
		return nil, fmt.Errorf("%s: made by a run with other data or settings (%s), not %s", path, got, settings)
	}
	s := body[n:]
	st := &state{params: make([]param, eval.NumParams), best: eval.NewWeights()}
	st.epoch, st.bestEpoch, st.step = int64(le.Uint64(s)), int64(le.Uint64(s[8:])), int64(le.Uint64(s[16:]))
	fs := make([]float64, 5)
	for i := range fs {
		fs[i] = math.Float64frombits(le.Uint64(s[24+8*i:]))
	}
	st.k, st.lr, st.bestLoss, st.startTrain, st.startVal = fs[0], fs[1], fs[2], fs[3], fs[4]
	st.stopped = s[64] == 1
	block := make([]byte, 24*4096)
	for first := 0; first < len(st.params); first += 4096 {
		n := min(4096, len(st.params)-first)
		if _, err := io.ReadFull(br, block[:24*n]); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for i := range n {
			var x [6]float32
			for j := range x {
				x[j] = math.Float32frombits(le.Uint32(block[24*i+4*j:]))
			}
			st.params[first+i] = param{w: [2]float32{x[0], x[1]}, m: [2]float32{x[2], x[3]}, v: [2]float32{x[4], x[5]}}
		}
	}
	for first := 0; first < len(st.best.MG); first += 4096 {
		n := min(4096, len(st.best.MG)-first)
		if _, err := io.ReadFull(br, block[:4*n]); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for i := range n {
			st.best.MG[first+i], st.best.EG[first+i] = int16(le.Uint16(block[4*i:])), int16(le.Uint16(block[4*i+2:]))
		}
	}
	var rec [4]byte
	sum := crc.Sum32()
	if _, err := io.ReadFull(raw, rec[:4]); err != nil || le.Uint32(rec[:]) != sum {
		return nil, errors.Join(fmt.Errorf("%s: checkpoint corrupt: bad CRC-32C checksum", path), err)
	}
	if st.epoch < 0 || st.bestEpoch < 0 || st.bestEpoch > st.epoch || st.step < 0 || !(st.k > 0) || !(st.lr > 0) {
		return nil, fmt.Errorf("%s: checkpoint corrupt: epoch %d, best %d, step %d, K %g, rate %g", path, st.epoch, st.bestEpoch, st.step, st.k, st.lr)
	}
	return st, nil
}
