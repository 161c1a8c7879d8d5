// A table being written slice by slice: its values and distances, in the
// table's own encoding, written by the goroutines that solve the slices of
// a wave and read by those of later waves.

package gen

import (
	"encoding/binary"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"sync/atomic"
)

// tableWriter holds a table's values as its slices are solved. A slot not
// written yet reads as unused.
type tableWriter struct {
	layout *layout.Layout
	// codes are the table's 2-bit codes, 32 slots a word: goroutines that
	// write slots of one word load and change it atomically.
	codes []atomic.Uint64
	// dtw are the distances, width bytes a slot. A slot's bytes are written
	// by the goroutine that solves its slice and read in later waves only.
	dtw   []byte
	width int
}

func newTableWriter(l *layout.Layout) *tableWriter {
	w := &tableWriter{layout: l, codes: make([]atomic.Uint64, (l.Size+31)/32), dtw: make([]byte, l.Size), width: 1}
	w.clearCodes()
	return w
}

// clearCodes marks every slot not written.
func (w *tableWriter) clearCodes() {
	for i := range w.codes {
		w.codes[i].Store(^uint64(0))
	}
	if tail := w.layout.Size % 32; tail != 0 {
		w.codes[len(w.codes)-1].Store(1<<(2*tail) - 1) // no codes past the last slot
	}
}

// result is the value of slot i, and whether its slice is solved.
func (w *tableWriter) result(i uint64) (egtb.Result, bool) {
	switch int(w.codes[i/32].Load()>>(2*(i%32))) & 3 {
	case frame.CodeWin:
		return egtb.Result{WDL: egtb.Win, DTW: w.distance(i)}, true
	case frame.CodeLoss:
		return egtb.Result{WDL: egtb.Loss, DTW: w.distance(i)}, true
	case frame.CodeDraw:
		return egtb.Result{WDL: egtb.Draw, DTW: 0}, true
	}
	return egtb.Result{}, false
}

func (w *tableWriter) distance(i uint64) int {
	if w.width == 1 {
		return int(w.dtw[i])
	}
	return int(binary.LittleEndian.Uint16(w.dtw[2*i:]))
}

// slotDistance is a distance too long for the table's width when it was
// written, kept until the table is widened.
type slotDistance struct {
	slot     uint64
	distance int
}

// set writes the value r of slot i, appending to long a distance that
// does not fit in a byte while the table's distances take one.
func (w *tableWriter) set(i uint64, r egtb.Result, long *[]slotDistance) {
	code := codeOf(r.WDL)
	// The slot's bits are those of codeUnused: clear the bits code lacks.
	w.codes[i/32].And(^(uint64(frame.CodeUnused&^code) << (2 * (i % 32))))
	switch {
	case w.width == 2:
		binary.LittleEndian.PutUint16(w.dtw[2*i:], uint16(r.DTW))
	case r.DTW > 255:
		*long = append(*long, slotDistance{i, r.DTW})
	default:
		w.dtw[i] = byte(r.DTW)
	}
}

// widen writes the distances of long, with two bytes a slot if the table
// has one yet. No other goroutine may use w meanwhile.
func (w *tableWriter) widen(long []slotDistance) {
	if len(long) == 0 {
		return
	}
	if w.width == 1 {
		wide := make([]byte, 2*len(w.dtw))
		for i, d := range w.dtw {
			wide[2*i] = d
		}
		w.dtw, w.width = wide, 2
	}
	for _, x := range long {
		binary.LittleEndian.PutUint16(w.dtw[2*x.slot:], uint16(x.distance))
	}
}

// table is the finished table, with the given counts of its positions
// (the unused slots are the rest).
func (w *tableWriter) table(stats egtb.Stats) *egtb.Table {
	codes := make([]byte, 8*len(w.codes))
	for i := range w.codes {
		binary.LittleEndian.PutUint64(codes[8*i:], w.codes[i].Load())
	}
	stats.Unused = w.layout.Size - stats.Wins - stats.Draws - stats.Losses
	return egtb.NewTable(egtb.MaterialOf(w.layout.Count), codes[:(w.layout.Size+3)/4], w.dtw, w.width, stats)
}
