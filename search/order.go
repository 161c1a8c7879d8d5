// Move ordering: the table's move first, then captures of the most kings,
// crowning moves, the two killer moves of the ply, and the other quiet moves
// by their history score. Moves are picked one at a time (selection), since
// a cut-off often comes after the first few.

package search

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// Ordering scores; history scores stay within ±historyMax, below them all.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24 // plus 16 per captured king and 8 for crowning
	orderCrown   = 1 << 22
	orderKiller0 = 1 << 21
	orderKiller1 = 1<<21 - 1
	historyMax   = 1 << 14
)

// picker orders the moves of one ply: indices into the move list (which
// keeps its generated order, so a stored index stays meaningful) and scores.
type picker struct {
	idx   [engine.MaxMoves]uint16
	score [engine.MaxMoves]int32
	n     int
}

// order scores the moves in l, the moves of the position at ply; tt is the
// index of the table's move, or -1.
func (w *worker) order(ply int, l *engine.MoveList, tt int) *picker {
	pk := &w.picks[ply]
	p := &w.pos[ply]
	us := p.SideToMove()
	kings := p.Kings(us.Other())
	k0, k1 := w.killers[ply][0], w.killers[ply][1]
	hist := &w.history[us]
	for i := range l.Len {
		m := &l.Moves[i]
		crowns := p.Crowns(*m)
		var sc int32
		switch {
		case i == tt:
			sc = orderTT
		case m.IsCapture():
			sc = orderCapture + 16*int32(bits.OnesCount64(m.Captured&kings))
			if crowns {
				sc += 8
			}
		case crowns:
			sc = orderCrown
		case *m == k0:
			sc = orderKiller0
		case *m == k1:
			sc = orderKiller1
		default:
			sc = hist[m.From][m.To]
		}
		pk.idx[i] = uint16(i)
		pk.score[i] = sc
	}
	pk.n = l.Len
	return pk
}

// next moves the best of the moves from i on to place i and returns its
// index in the move list and its ordering score.
func (pk *picker) next(i int) (int, int32) {
	b := i
	for j := i + 1; j < pk.n; j++ {
		if pk.score[j] > pk.score[b] {
			b = j
		}
	}
	pk.idx[i], pk.idx[b] = pk.idx[b], pk.idx[i]
	pk.score[i], pk.score[b] = pk.score[b], pk.score[i]
	return int(pk.idx[i]), pk.score[i]
}

// cutoff rewards the quiet move at place i of the picker, which caused a
// beta cut-off at ply, and penalises the quiet moves tried before it.
func (w *worker) cutoff(ply int, l *engine.MoveList, pk *picker, i, depth int) {
	m := l.Moves[pk.idx[i]]
	if w.killers[ply][0] != m {
		w.killers[ply][1] = w.killers[ply][0]
		w.killers[ply][0] = m
	}
	hist := &w.history[w.pos[ply].SideToMove()]
	bonus := int32(min(depth*depth, 400))
	addHistory(&hist[m.From][m.To], bonus)
	for j := range i {
		q := &l.Moves[pk.idx[j]]
		addHistory(&hist[q.From][q.To], -bonus)
	}
}

// addHistory moves h toward ±historyMax by bonus, less as it gets near.
func addHistory(h *int32, bonus int32) {
	a := bonus
	if a < 0 {
		a = -a
	}
	*h += bonus - *h*a/historyMax
}
