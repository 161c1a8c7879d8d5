// The principal-variation alpha-beta search (negamax, fail-soft) below the
// root. Captures are compulsory in Dameo, so a position with a capture is
// never a leaf: below the nominal depth the search goes on through the
// capture moves (its quiescence search) and evaluates only quiet positions.
// A position with a single legal move costs no depth (and, when the move is
// a capture, no table entry). Late quiet moves are searched with reduced
// depth (LMR) and searched again if they fail high; a deep node with no
// move from the table is searched a ply shallower (internal iterative
// reduction). There is no null-move pruning: zugzwang is common in
// draughts. A quiet position at the horizon with a capture threat against
// the side to move gets one more ply.
// Options.FullWidth turns the pruning and reductions off; Options.Combinations
// spares tactical moves from them and searches sacrifices at the horizon
// (combinations.go).
// Positions at the referee's no-progress limit are draws, and static scores
// fade toward it. Positions the endgame tables cover get the tables' exact
// score.

package search

import (
	"math"

	"github.com/dameo/dameo/engine"
)

// Pruning near the horizon; each was kept for its match result against
// the version without it (games at a fixed number of nodes per move).
const (
	// rfpDepth and rfpMargin: reverse futility pruning at depths up to 3,
	// when the static score beats beta by 0.8 men per ply left.
	rfpDepth        = 3
	rfpMargin Score = 80
	// lmpDepth and lmpBase: late move pruning at depths up to 3, after
	// 3 + depth² moves, of the ordinary quiet moves (no killer, counter move or crowning).
	lmpDepth = 3
	lmpBase  = 3
	// maxThreatExtensions: a quiet position at the horizon whose side to
	// move has a piece the opponent could take at once is searched one
	// more ply (Scan's extension), at most this many times on a path.
	maxThreatExtensions = 1
	// iirDepth: nodes of at least this depth without a table move are
	// searched one ply shallower (internal iterative reduction).
	iirDepth = 4
)

// The no-progress rule: referees (dameo match by default) draw a game after
// engine.NoProgressLimit plies without a capture or a man move. Static
// scores fade toward a draw once fadeStart such plies have passed, so that
// the search prefers progress (a man move, a capture) while a win can still
// be made.
const (
	noProgressLimit = engine.NoProgressLimit
	fadeStart       = 20
)

// lmrHistory is the history score per ply of reduction taken off (or,
// when negative, added to) a late move's reduction.
const lmrHistory = historyMax / 8

// lmr[d][n] is the reduction of the n-th move (0-based) at depth d.
var lmr [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmr[d][n] = int(0.5 + math.Log(float64(d))*math.Log(float64(n))/2.0)
		}
	}
}

// search returns the score of the position at ply, searched to depth
// (captures are always resolved), within the window (alpha, beta).
func (w *worker) search(alpha, beta Score, depth, ply int, pvNode bool) Score {
	f := &w.frames[ply]
	f.pvLen = ply
	if w.poll() {
		return 0
	}
	if w.isRepetition(ply) || f.quiet >= noProgressLimit {
		return 0
	}
	p := &f.pos
	if ply >= maxPly {
		return w.evaluate(ply)
	}
	if ply > w.selDepth {
		w.selDepth = ply
	}
	if s, ok := w.probeTables(ply); ok {
		return s
	}
	// Mate distance: no line from here can do better than winning at once.
	alpha = max(alpha, -Win+Score(ply))
	beta = min(beta, Win-Score(ply+1))
	if alpha >= beta {
		return alpha
	}
	lm := p.LeafMasks()
	capture := lm.Takes != 0
	extended := false
	if depth <= 0 && !capture {
		if lm.Steps == 0 {
			return -Win + Score(ply)
		}
		if lm.Threatened == 0 || f.threatExtensions >= w.maxThreatExtensions() {
			if w.combinations && f.sacrifices == 0 {
				return w.sacrificeSearch(alpha, beta, ply)
			}
			return w.evaluate(ply)
		}
		// A capture threat at the horizon: the opponent could take a
		// piece at once, so the static score is unreliable; one more ply
		// of moves lets the side to move answer it.
		depth, extended = 1, true
	}
	depth = max(depth, 0)
	child := &w.frames[ply+1]
	child.threatExtensions = f.threatExtensions
	child.sacrifices = f.sacrifices
	if extended {
		child.threatExtensions++
	}

	// Captures are compulsory, so many positions have a single move (the
	// only capture): it costs no depth, and such a position is neither
	// stored nor looked up, as its only move leads to the next entry.
	l := &f.list
	if capture {
		p.GenerateCaptures(l)
		if l.Len == 1 {
			return w.forced(alpha, beta, depth, ply, pvNode)
		}
	}

	key := p.Key()
	e, hit := w.tt.probe(key)
	if hit && !pvNode && e.depth >= depth {
		s := scoreFromTT(e.score, ply)
		if e.bound == boundExact || e.bound == boundLower && s >= beta || e.bound == boundUpper && s <= alpha {
			return s
		}
	}

	// Reverse futility: a quiet position whose static score beats beta by
	// a margin per ply left is taken to fail high. The static score comes
	// from the table when it has one, and goes into it.
	staticEval := noEval
	if hit {
		staticEval = e.eval
	}
	if w.selective && !pvNode && depth <= rfpDepth && !beta.IsWin() && !capture {
		if staticEval == noEval {
			staticEval = w.staticScore(ply)
		}
		if v := w.fade(staticEval, ply); v-rfpMargin*Score(depth) >= beta && lm.Steps != 0 {
			return v
		}
	}
	if !capture {
		p.GenerateQuiet(l)
		if l.Len == 0 {
			return -Win + Score(ply)
		}
	}
	tt := -1
	if hit && e.hasMove && e.index < l.Len {
		tt = e.index
	}
	// Internal iterative reduction: a node deep enough to matter with no
	// move from the table is probably not on the main line; it is
	// searched one ply shallower, and its entry orders the next visit.
	if w.selective && tt < 0 && depth >= iirDepth && l.Len > 1 {
		depth--
	}
	pk := w.order(ply, l, tt)
	quiet := !l.Moves[0].IsCapture()
	newDepth := depth - 1
	if l.Len == 1 && depth > 0 {
		newDepth = depth // a forced move costs no depth
	}

	best, bestIdx, origAlpha := -infinity, -1, alpha
	for i := range l.Len {
		idx, orderScore := pk.next(i)
		// Late move pruning: near the horizon, late ordinary quiet moves
		// of a non-PV node are skipped.
		late := w.selective && quiet && !pvNode && depth <= lmpDepth && i >= lmpBase+depth*depth && orderScore < orderCounter && best > -WinBound
		if late && !w.combinations {
			break
		}
		m := l.Moves[idx]
		child.pos = p.Play(m)
		// With Options.Combinations, a quiet move that offers a capture
		// or threatens one is neither pruned nor reduced.
		tactical := w.combinations && quiet && i > 0 && isTactical(&child.pos)
		if late && !tactical {
			continue
		}
		w.enter(ply+1, m)
		var s Score
		if i == 0 {
			s = -w.search(-beta, -alpha, newDepth, ply+1, pvNode)
		} else {
			r := 0
			if w.selective && quiet && depth >= 3 && i >= 2 && orderScore < orderCounter && !tactical {
				r = lmr[min(depth, 63)][min(i, 63)]
				if pvNode {
					r--
				}
				// A quiet move that has often refuted others is reduced
				// less, one that has often failed more.
				r -= int(orderScore) / lmrHistory
				r = min(max(r, 0), newDepth-1)
			}
			s = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, false)
			if s > alpha && r > 0 {
				s = -w.search(-alpha-1, -alpha, newDepth, ply+1, false)
			}
			if s > alpha && s < beta && pvNode {
				s = -w.search(-beta, -alpha, newDepth, ply+1, true)
			}
		}
		if w.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha, bestIdx = s, idx
				if pvNode {
					w.updatePV(ply, m)
				}
				if s >= beta {
					if quiet {
						w.cutoff(ply, l, pk, i, depth)
					}
					break
				}
			}
		}
	}

	d := ttData{score: scoreToTT(best, ply), eval: staticEval, depth: depth, bound: boundUpper}
	switch {
	case best >= beta:
		d.bound = boundLower
	case best > origAlpha:
		d.bound = boundExact
	}
	if bestIdx >= 0 {
		d.hasMove, d.index = true, bestIdx
	}
	w.tt.store(key, d)
	return best
}

// evaluate is the static score of the position at ply, faded toward a
// draw as the no-progress count nears its limit. The position is a leaf:
// no state will be brought up to date from its own, so it keeps none.
func (w *worker) evaluate(ply int) Score {
	return w.fade(Score(w.evalStack.Leaf(ply, &w.frames[ply].pos)), ply)
}

// staticScore is the evaluation's score of the position at ply, before the
// no-progress fade; the position keeps its state for those searched below.
func (w *worker) staticScore(ply int) Score {
	return Score(w.evalStack.Score(ply, &w.frames[ply].pos))
}

// fade is the static score s of the position at ply faded toward a draw
// as the no-progress count nears its limit.
func (w *worker) fade(s Score, ply int) Score {
	if q := w.frames[ply].quiet; q > fadeStart {
		s = s * Score(noProgressLimit-q) / (noProgressLimit - fadeStart)
	}
	return s
}

// forced searches the single move of the position at ply, at the same depth.
func (w *worker) forced(alpha, beta Score, depth, ply int, pvNode bool) Score {
	f := &w.frames[ply]
	m := f.list.Moves[0]
	w.frames[ply+1].pos = f.pos.Play(m)
	w.enter(ply+1, m)
	s := -w.search(-beta, -alpha, depth, ply+1, pvNode)
	if pvNode && s > alpha && !w.stopped {
		w.updatePV(ply, m)
	}
	return s
}

// updatePV makes m followed by the child's line the line of ply.
func (w *worker) updatePV(ply int, m engine.Move) {
	f, child := &w.frames[ply], &w.frames[ply+1]
	f.pv[ply] = m
	n := copy(f.pv[ply+1:], child.pv[ply+1:child.pvLen])
	f.pvLen = ply + 1 + n
}

// scoreToTT turns a win or loss score, counted from the root, into one
// counted from the position at ply, as the table stores it.
func scoreToTT(s Score, ply int) Score {
	switch {
	case s > WinBound:
		return s + Score(ply)
	case s < -WinBound:
		return s - Score(ply)
	}
	return s
}

// scoreFromTT is the inverse of scoreToTT.
func scoreFromTT(s Score, ply int) Score {
	switch {
	case s > WinBound:
		return s - Score(ply)
	case s < -WinBound:
		return s + Score(ply)
	}
	return s
}
