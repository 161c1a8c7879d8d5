// One material's solved table in memory: a value code and a distance per
// slot, read straight from the file's bytes.

package egtb

import (
	"encoding/binary"

	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// Table is the solved table of one material. It is read-only and safe for
// concurrent use.
type Table struct {
	layout  *layout.Layout
	codes   []byte // 2 bits per slot, slot i in bits 2(i%4)..2(i%4)+1 of byte i/4
	dtw     []byte // width bytes per slot, little-endian
	width   int    // 1 or 2
	stats   Stats
	check   *deferredCheck // the file's check still to make, or nil
	*mapped                // the file under the table, when it is mapped (else nil)
}

// NewTable is the table of material s made, by a generator, from its
// slots' values in the file's encoding (frame's 2-bit codes; distances of
// width bytes, little-endian) and their counts.
func NewTable(s Material, codes, dtw []byte, width int, stats Stats) *Table {
	return &Table{layout: layout.Of(s.Counts()), codes: codes, dtw: dtw, width: width, stats: stats}
}

// Stats are the counts of a table's positions by value and its longest
// distances.
type Stats struct {
	Wins, Draws, Losses, Unused uint64
	LongestWin, LongestLoss     int // largest distances of a win and a loss (0 when none)
}

// Add counts a position worth r.
func (s *Stats) Add(r Result) {
	switch r.WDL {
	case Win:
		s.Wins++
		s.LongestWin = max(s.LongestWin, r.DTW)
	case Loss:
		s.Losses++
		s.LongestLoss = max(s.LongestLoss, r.DTW)
	default:
		s.Draws++
	}
}

// Merge adds o's counts to s.
func (s *Stats) Merge(o Stats) {
	s.Wins += o.Wins
	s.Draws += o.Draws
	s.Losses += o.Losses
	s.Unused += o.Unused
	s.LongestWin = max(s.LongestWin, o.LongestWin)
	s.LongestLoss = max(s.LongestLoss, o.LongestLoss)
}

// Material is the table's material.
func (t *Table) Material() Material { return MaterialOf(t.layout.Count) }

// Size is the number of slots.
func (t *Table) Size() uint64 { return t.layout.Size }

// Stats are the table's counts and longest distances.
func (t *Table) Stats() Stats { return t.stats }

func (t *Table) code(i uint64) int { return int(t.codes[i>>2]>>(2*(i&3))) & 3 }

func (t *Table) distance(i uint64) int {
	if t.width == 1 {
		return int(t.dtw[i])
	}
	return int(binary.LittleEndian.Uint16(t.dtw[2*i:]))
}

// result is the value of slot i, which holds a position.
func (t *Table) result(i uint64) Result {
	switch t.code(i) {
	case frame.CodeWin:
		return Result{WDL: Win, DTW: t.distance(i)}
	case frame.CodeLoss:
		return Result{WDL: Loss, DTW: t.distance(i)}
	}
	return Result{WDL: Draw, DTW: 0}
}

// position is the position of slot i, with White to move, and whether the
// slot holds one.
func (t *Table) position(i uint64) (engine.Position, bool) {
	g, ok := t.layout.Position(i)
	if !ok {
		return engine.Position{}, false
	}
	p, err := engine.NewPosition(g[layout.GroupWhiteMen]|g[layout.GroupWhiteKings], g[layout.GroupBlackMen]|g[layout.GroupBlackKings],
		g[layout.GroupWhiteKings]|g[layout.GroupBlackKings], engine.White)
	return p, err == nil
}

// LongestWin is a position (White to move) whose win takes the most plies,
// with its result; ok is false when the table has no win.
func (t *Table) LongestWin() (p engine.Position, r Result, ok bool) {
	if t.stats.Wins == 0 || t.isClosed() {
		return p, r, false
	}
	for i := range t.layout.Size {
		if t.code(i) == frame.CodeWin && t.distance(i) == t.stats.LongestWin {
			p, ok = t.position(i)
			return p, t.result(i), ok
		}
	}
	return p, r, false
}
