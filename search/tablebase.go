// Endgame tables in the search: the interface a table set offers, the exact
// score of a covered position, and the root's choice of a table move.

package search

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// Tablebase is a set of endgame tables (egtb.Tables through an adapter),
// full tables (values and distances) and WDL tables (values alone) alike.
// Its methods must be safe for concurrent use; ProbeAny must allocate
// nothing.
type Tablebase interface {
	// ProbeAny is the value of p for its side to move from whichever table
	// holds it, full or WDL: wdl 1 (win), 0 (draw) or -1 (loss), and dtw,
	// the plies to the end of the game under best play (for a position
	// held by a WDL table alone, a stand-in longer than any real distance,
	// as egtb.UnknownDistance); ok is false when no table holds p.
	ProbeAny(p *engine.Position) (wdl, dtw int, ok bool)
	// MostPieces is the largest number of pieces of a position some table
	// holds (not every position of that many pieces need be held): the
	// search probes no position with more.
	MostPieces() int
}

// pieceCount is the number of pieces on p's board.
func pieceCount(p *engine.Position) int { return bits.OnesCount64(p.Occupied()) }

// tbScore is the score, counted from the root, of a position at ply whose
// table value is wdl in dtw plies.
func tbScore(wdl, dtw, ply int) Score {
	switch {
	case wdl > 0:
		return Win - Score(ply+dtw)
	case wdl < 0:
		return -Win + Score(ply+dtw)
	}
	return 0
}

// probeTables is the table score of the position at ply (not the root),
// ok false when the tables do not cover it. The score is not stored in
// the transposition table: the tables are probed before it, so such an
// entry would never be read.
func (w *worker) probeTables(ply int) (Score, bool) {
	p := &w.frames[ply].pos
	if w.tb == nil || pieceCount(p) > w.tbPieces {
		return 0, false
	}
	wdl, dtw, ok := w.tb.ProbeAny(p)
	if !ok {
		return 0, false
	}
	w.tbHits++
	return tbScore(wdl, dtw, ply), true
}

// tableMove is the best move of root by the tables (the fastest win, else
// a draw, else the slowest loss) with its score, ok false when some move
// leads outside the tables.
func tableMove(tb Tablebase, root *engine.Position, l *engine.MoveList) (best engine.Move, score Score, ok bool) {
	if tb == nil || pieceCount(root) > tb.MostPieces() {
		return engine.NoMove, 0, false
	}
	score = -infinity
	for _, m := range l.Slice() {
		q := root.Play(m)
		wdl, dtw, ok := tb.ProbeAny(&q)
		if !ok {
			return engine.NoMove, 0, false
		}
		if s := -tbScore(wdl, dtw, 1); s > score {
			best, score = m, s
		}
	}
	return best, score, true
}
