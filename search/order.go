// Move ordering: the table's move first, then captures of the most kings,
// crowning moves, the two killer moves of the ply, the counter move (the
// quiet move that last refuted the opponent's move), and the other quiet
// moves by their history score; equal scores keep the generated order. The
// table's move is tried before the others are scored, since it often cuts
// off; the next few are picked one at a time (most nodes that go on past
// the table's move cut off soon), and the rest are sorted once.

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
	orderCounter = 1<<21 - 2
	historyMax   = 1 << 14
)

// selectPicks is how many places after the table's move are picked one at
// a time before the rest of the moves are sorted.
const selectPicks = 4

// picker orders the moves of one ply by their ranks (rank): each an
// ordering score and an index into the move list (which keeps its
// generated order, so a stored index stays meaningful) in one number.
// The table's move comes first without any scoring; the others are scored
// only when the search asks for a second move, which it does not at most
// nodes where the table's move cuts off.
type picker struct {
	ranks  [engine.MaxMoves]int64
	n      int
	first  int  // places before it are the table's move, taken unscored (0 or 1)
	scored bool // the other moves have their scores
	sorted bool // the places from first+selectPicks on are sorted
	w      *worker
	ply    int
}

// order prepares the picker of ply for the moves in l, the moves of the
// position at ply; tt is the index of the table's move, or -1.
func (w *worker) order(ply int, l *engine.MoveList, tt int) *picker {
	pk := &w.frames[ply].pick
	pk.w, pk.ply, pk.n, pk.first, pk.scored, pk.sorted = w, ply, l.Len, 0, false, false
	if tt >= 0 {
		pk.ranks[0], pk.first = rank(orderTT, tt), 1
	}
	return pk
}

// scoreRest scores the moves after the table's move.
func (pk *picker) scoreRest() {
	w, ply := pk.w, pk.ply
	f := &w.frames[ply]
	l, p := &f.list, &f.pos
	us := p.SideToMove()
	kings := p.Kings(us.Other())
	k0, k1 := f.killers[0], f.killers[1]
	cm := w.countered(ply)
	hist := &w.history[us]
	skip := -1
	if pk.first == 1 {
		skip = rankIndex(pk.ranks[0])
	}
	k := pk.first
	for i := range l.Len {
		if i == skip {
			continue
		}
		m := &l.Moves[i]
		var sc int32
		switch {
		case m.IsCapture():
			sc = orderCapture + 16*int32(bits.OnesCount64(m.Captured&kings))
			if p.Crowns(*m) {
				sc += 8
			}
		case p.Crowns(*m):
			sc = orderCrown
		case *m == k0:
			sc = orderKiller0
		case *m == k1:
			sc = orderKiller1
		case *m == cm:
			sc = orderCounter
		default:
			sc = hist[m.From][m.To]
		}
		pk.ranks[k] = rank(sc, i)
		k++
	}
	pk.scored = true
}

// rank is the ordering rank of the move at index i of the list with
// ordering score sc: a higher rank is searched first, so a higher score,
// or an equal score and an earlier generated move (i < MaxMoves < 2^16).
func rank(sc int32, i int) int64 { return int64(sc)<<16 | int64(0xffff-i) }

// rankIndex and rankScore are the move index and the ordering score of a
// rank.
func rankIndex(r int64) int   { return 0xffff - int(r&0xffff) }
func rankScore(r int64) int32 { return int32(r >> 16) }

// next is the move to search at place i (its index in the move list) and
// its ordering score; the places before i have been taken.
func (pk *picker) next(i int) (int, int32) {
	switch {
	case i < pk.first || pk.sorted:
	case !pk.scored || i < pk.first+selectPicks:
		if !pk.scored {
			pk.scoreRest()
		}
		r := pk.ranks[i:pk.n:pk.n]
		b := 0
		for j := 1; j < len(r); j++ {
			if r[j] > r[b] {
				b = j
			}
		}
		r[0], r[b] = r[b], r[0]
	default:
		r := pk.ranks[i:pk.n:pk.n]
		for j := 1; j < len(r); j++ {
			x := r[j]
			k := j
			for ; k > 0 && r[k-1] < x; k-- {
				r[k] = r[k-1]
			}
			r[k] = x
		}
		pk.sorted = true
	}
	return rankIndex(pk.ranks[i]), rankScore(pk.ranks[i])
}

// cutoff rewards the quiet move at place i of the picker, which caused a
// beta cut-off at ply, and penalises the quiet moves tried before it.
func (w *worker) cutoff(ply int, l *engine.MoveList, pk *picker, i, depth int) {
	m := l.Moves[rankIndex(pk.ranks[i])]
	f := &w.frames[ply]
	if f.killers[0] != m {
		f.killers[1] = f.killers[0]
		f.killers[0] = m
	}
	us := f.pos.SideToMove()
	if ply > 0 {
		w.counter[us][f.move.From][f.move.To] = m
	}
	hist := &w.history[us]
	bonus := int32(min(depth*depth, 400))
	addHistory(&hist[m.From][m.To], bonus)
	for j := range i {
		q := &l.Moves[rankIndex(pk.ranks[j])]
		addHistory(&hist[q.From][q.To], -bonus)
	}
}

// countered is the counter move of the move that led to ply (NoMove at
// the root).
func (w *worker) countered(ply int) engine.Move {
	if ply == 0 {
		return engine.NoMove
	}
	f := &w.frames[ply]
	return w.counter[f.pos.SideToMove()][f.move.From][f.move.To]
}

// addHistory moves h toward ±historyMax by bonus, less as it gets near.
func addHistory(h *int32, bonus int32) {
	a := bonus
	if a < 0 {
		a = -a
	}
	*h += bonus - *h*a/historyMax
}
