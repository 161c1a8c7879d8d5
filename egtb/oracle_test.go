// An independent check of the tables: a depth-bounded exhaustive search
// over the engine's moves, without tables, indexing or symmetry.

package egtb

import "github.com/dameo/dameo/engine"

// oracle decides whether the side to move can force a win, or cannot
// avoid a loss, within a number of plies, by plain minimax over the
// engine's legal moves. A forced result within d plies never needs a
// repeated position (its tree has strictly shorter remaining distances),
// so the search needs no repetition rule; results are memoized per
// position as the bounds known so far, which are monotone in d.
type oracle struct {
	memo map[engine.Position]*oracleBounds
}

// oracleBounds: a forced win is known to exist within winYes plies and not
// within winNo plies (likewise for a loss); -1 and 1<<30 when unknown.
type oracleBounds struct {
	winNo, winYes, lossNo, lossYes int
}

func newOracle() *oracle { return &oracle{memo: map[engine.Position]*oracleBounds{}} }

func (o *oracle) bounds(p *engine.Position) *oracleBounds {
	b := o.memo[*p]
	if b == nil {
		b = &oracleBounds{-1, 1 << 30, -1, 1 << 30}
		o.memo[*p] = b
	}
	return b
}

// winWithin reports whether the side to move can force the opponent out of
// moves within d plies.
func (o *oracle) winWithin(p *engine.Position, d int) bool {
	b := o.bounds(p)
	switch {
	case d >= b.winYes:
		return true
	case d <= b.winNo:
		return false
	}
	found := false
	if d >= 1 {
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			if o.lossWithin(&q, d-1) {
				found = true
				break
			}
		}
	}
	if found {
		b.winYes = d
	} else {
		b.winNo = d
	}
	return found
}

// lossWithin reports whether the side to move runs out of moves within d
// plies whatever it plays.
func (o *oracle) lossWithin(p *engine.Position, d int) bool {
	b := o.bounds(p)
	switch {
	case d >= b.lossYes:
		return true
	case d <= b.lossNo:
		return false
	}
	moves := p.LegalMoves()
	lost := len(moves) == 0
	if !lost && d >= 2 {
		lost = true
		for _, m := range moves {
			q := p.Play(m)
			if !o.winWithin(&q, d-1) {
				lost = false
				break
			}
		}
	}
	if lost {
		b.lossYes = d
	} else {
		b.lossNo = d
	}
	return lost
}

// check reports whether r agrees with the search up to depth plies: a win
// or loss within depth has exactly r's distance, and a draw or a longer
// result has no forced win or loss within depth. It returns what the
// search found when they disagree.
func (o *oracle) check(p *engine.Position, r Result, depth int) (bool, string) {
	switch {
	case r.WDL == Win && r.DTW <= depth:
		if !o.winWithin(p, r.DTW) {
			return false, "no forced win within the distance"
		}
		if r.DTW >= 2 && o.winWithin(p, r.DTW-2) {
			return false, "a faster forced win"
		}
		return true, ""
	case r.WDL == Loss && r.DTW <= depth:
		if !o.lossWithin(p, r.DTW) {
			return false, "the loss can be delayed beyond the distance"
		}
		if r.DTW >= 2 && o.lossWithin(p, r.DTW-2) {
			return false, "a faster forced loss"
		}
		return true, ""
	}
	if o.winWithin(p, depth) {
		return false, "a forced win within the search depth"
	}
	if o.lossWithin(p, depth) {
		return false, "a forced loss within the search depth"
	}
	return true, ""
}
