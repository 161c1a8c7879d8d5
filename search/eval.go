// The static evaluation: it counts the terms of a position (Features) and
// weighs the counts (Weights), tapering between the middlegame and the
// endgame weights by the number of men on the board. Each side is counted
// as if its men moved toward rank 8 (Black's board is mirrored by
// engine.Orient), so every term is written once.

package search

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// fullPhase is the number of men at the start: the evaluation is all
// middlegame with this many men or more.
const fullPhase = 2 * engine.MenPerSide

// westHalf is the board's files a–d.
var westHalf = engine.FileMask(0) | engine.FileMask(1) | engine.FileMask(2) | engine.FileMask(3)

// Features are what the evaluation counts in a position: the counts that
// the weights multiply, and the phase that blends them.
type Features struct {
	// Counts holds for each term the side to move's count minus the
	// opponent's (TermThreatened and TermTempo count for the side to
	// move only).
	Counts [NumTerms]int32
	// Phase is the number of men on the board, at most 2 × engine.MenPerSide
	// (the start): the evaluation takes Phase / (2 × engine.MenPerSide) of
	// the middlegame weights and the rest of the endgame weights.
	Phase int32
}

// Count sets f to the features of p.
func (f *Features) Count(p *engine.Position) {
	us := p.SideToMove()
	empty := ^p.Occupied()
	sign := int32(1) // White's counts add when White is to move, else subtract
	if us == engine.Black {
		sign = -1
	}
	f.Counts = [NumTerms]int32{}
	countSide(&f.Counts, sign, p.Men(engine.White), p.Kings(engine.White), empty)
	countSide(&f.Counts, -sign, engine.Orient(p.Men(engine.Black), engine.Black),
		engine.Orient(p.Kings(engine.Black), engine.Black), engine.Orient(empty, engine.Black))
	f.Counts[TermThreatened] = int32(count(p.Threatened(us)))
	f.Counts[TermTempo] = 1
	f.Phase = int32(min(count(p.Men(engine.White)|p.Men(engine.Black)), fullPhase))
}

// countSide adds sign × the counts of one side whose men move toward
// rank 8 (the crowning rank of White) to c.
func countSide(c *[NumTerms]int32, sign int32, men, kings, empty engine.Bitboard) {
	add := func(t Term, n int) { c[t] += sign * int32(n) }
	add(TermMan, count(men))
	add(TermBackRank, count(men&engine.RankMask(0)))
	for r := range TermAdvance7 - TermAdvance2 + 1 {
		add(TermAdvance2+r, count(men&engine.RankMask(int(r)+1)))
	}
	// ahead: the squares from which a man steps forward onto an empty square.
	ahead := engine.South(empty) | engine.SouthWest(empty) | engine.SouthEast(empty)
	lastRank := engine.RankMask(engine.CrowningRank(engine.White) - 1)
	add(TermPromotionThreat, count(men&lastRank&ahead))
	add(TermPhalanx, count(men&engine.West(men)))
	add(TermColumn, count(men&engine.North(men)))
	add(TermFlankImbalance, abs(2*count(men&westHalf)-count(men)))
	add(TermManMobility, count(engine.North(men)&empty)+count(engine.NorthEast(men)&empty)+count(engine.NorthWest(men)&empty))
	if kings == 0 {
		return // most positions have no kings: skip their counts of 0
	}
	add(TermKing, count(kings))
	add(TermKingMobility, count(engine.North(kings)&empty)+count(engine.South(kings)&empty)+
		count(engine.East(kings)&empty)+count(engine.West(kings)&empty)+
		count(engine.NorthEast(kings)&empty)+count(engine.NorthWest(kings)&empty)+
		count(engine.SouthEast(kings)&empty)+count(engine.SouthWest(kings)&empty))
}

// maxEval bounds the evaluation, below the scores of forced results.
const maxEval = WinBound - 1

// Dot is the evaluation of a position with features f and weights w: the
// counts times the weights, tapered by phase, truncated toward zero to a
// whole score and held within ±(WinBound − 1).
func (f *Features) Dot(w *Weights) Score { return f.dotPlus(w, 0, 0) }

// dotPlus is Dot with mg and eg added to the middlegame and the endgame
// sums before they are tapered.
func (f *Features) dotPlus(w *Weights, mg, eg int32) Score {
	for t, n := range &f.Counts {
		mg += w[t].MG * n
		eg += w[t].EG * n
	}
	s := Score((int(mg)*int(f.Phase) + int(eg)*(fullPhase-int(f.Phase))) / fullPhase)
	return min(max(s, -maxEval), maxEval)
}

// Vector is f as coefficients of Weights.Vector for a tuner: the dot
// product of f.Vector() and w.Vector() is the evaluation with weights w
// before Dot truncates it to a whole score (so they differ by less than 1)
// and bounds it.
func (f *Features) Vector() [NumParams]float64 {
	var v [NumParams]float64
	mgShare := float64(f.Phase) / fullPhase
	for t, n := range &f.Counts {
		v[2*t], v[2*t+1] = float64(n)*mgShare, float64(n)*(1-mgShare)
	}
	return v
}

// Evaluate is the static score of p for the side to move with weights w.
func (w *Weights) Evaluate(p *engine.Position) Score {
	var f Features
	f.Count(p)
	return f.Dot(w)
}

func count(b engine.Bitboard) int { return bits.OnesCount64(b) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
