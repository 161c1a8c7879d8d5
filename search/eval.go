// The static evaluation: a sum of named terms with weights held as data
// (Weights), tapered between a middlegame and an endgame value by the number
// of men on the board. Each side is evaluated as if it moved toward rank 8
// (Black's board is mirrored), so every term is written once.
package search

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// Pair is a weight's middlegame and endgame value in hundredths of a man.
// The evaluation blends them by phase: all MG with all the men of the start
// position on the board (2 × engine.MenPerSide), all EG with none.
type Pair struct{ MG, EG int32 }

// Weights are the evaluation's parameters. Every term counts something for
// each side and adds weight × count to that side; the result is the side to
// move's total minus the opponent's.
type Weights struct {
	// Man and King: material, per piece. A king moves like a chess queen
	// and captures by long leap, so it is worth several men.
	Man, King Pair
	// BackRank: per man still on its own first rank. These men keep the
	// opponent's men from crowning; later they should come out.
	BackRank Pair
	// Advance: per man on its 2nd to 7th rank (index 0 is the 2nd rank).
	// Men nearer the crowning rank are worth more, above all late on.
	Advance [6]Pair
	// PromotionThreat: per man on its 7th rank with an empty square ahead
	// of it (straight or diagonally) on which it crowns next move.
	PromotionThreat Pair
	// Phalanx: per pair of men side by side on a rank. Such men cover
	// each other against sideways captures and move as a front.
	Phalanx Pair
	// Column: per man with a man of its own directly behind it. A column
	// cannot be jumped from the front and makes the linear moves of Dameo.
	Column Pair
	// FlankImbalance: per man of difference between the a–d and e–h halves
	// of the board (a penalty: a side crowded on one flank is weak).
	FlankImbalance Pair
	// ManMobility: per empty square a man can step to (straight or
	// diagonally forward).
	ManMobility Pair
	// KingMobility: per empty square next to a king, in all eight
	// directions (a cheap stand-in for its sliding moves).
	KingMobility Pair
	// Threatened: per piece of the side to move that an enemy piece could
	// capture next move (the side to move has no capture itself when the
	// evaluation is called, so only its own pieces can hang). It also
	// measures king safety: kings count when a long leap can take them.
	Threatened Pair
	// Tempo: for the side to move.
	Tempo Pair
}

// DefaultWeights are the engine's evaluation weights.
var DefaultWeights = Weights{
	Man:             Pair{100, 100},
	King:            Pair{300, 300},
	BackRank:        Pair{8, -4},
	Advance:         [6]Pair{{2, 4}, {4, 8}, {6, 14}, {8, 22}, {10, 32}, {12, 45}},
	PromotionThreat: Pair{30, 60},
	Phalanx:         Pair{4, 2},
	Column:          Pair{3, 2},
	FlankImbalance:  Pair{-3, -1},
	ManMobility:     Pair{2, 3},
	KingMobility:    Pair{1, 1},
	Threatened:      Pair{-20, -20},
	Tempo:           Pair{5, 5},
}

// fullPhase is the number of men at the start: the evaluation is all
// middlegame with this many men or more.
const fullPhase = 2 * engine.MenPerSide

// westHalf is the board's files a–d.
var westHalf = engine.FileMask(0) | engine.FileMask(1) | engine.FileMask(2) | engine.FileMask(3)

// acc accumulates a side's middlegame and endgame sums.
type acc struct{ mg, eg int32 }

func (a *acc) add(p Pair, n int) {
	a.mg += p.MG * int32(n)
	a.eg += p.EG * int32(n)
}

// Evaluate is the static score of p for the side to move.
func (w *Weights) Evaluate(p *engine.Position) Score {
	us := p.SideToMove()
	empty := ^p.Occupied()
	var a acc // side to move minus opponent
	var white, black acc
	w.side(&white, p.Men(engine.White), p.Kings(engine.White), empty)
	w.side(&black, engine.Orient(p.Men(engine.Black), engine.Black), engine.Orient(p.Kings(engine.Black), engine.Black), engine.Orient(empty, engine.Black))
	if us == engine.White {
		a = acc{white.mg - black.mg, white.eg - black.eg}
	} else {
		a = acc{black.mg - white.mg, black.eg - white.eg}
	}
	a.add(w.Tempo, 1)
	a.add(w.Threatened, count(p.Threatened(us)))
	phase := min(bits.OnesCount64(p.Men(engine.White)|p.Men(engine.Black)), fullPhase)
	return Score((int(a.mg)*phase + int(a.eg)*(fullPhase-phase)) / fullPhase)
}

// Evaluate is the static score of p for the side to move with the default weights.
func Evaluate(p *engine.Position) Score { return DefaultWeights.Evaluate(p) }

// side adds the terms of one side whose men move toward rank 8 (the
// crowning rank of White).
func (w *Weights) side(a *acc, men, kings, empty engine.Bitboard) {
	a.add(w.Man, count(men))
	a.add(w.King, count(kings))
	a.add(w.BackRank, count(men&engine.RankMask(0)))
	for r := range w.Advance {
		a.add(w.Advance[r], count(men&engine.RankMask(r+1)))
	}
	// ahead: the squares from which a man steps forward onto an empty square.
	ahead := engine.South(empty) | engine.SouthWest(empty) | engine.SouthEast(empty)
	lastRank := engine.RankMask(engine.CrowningRank(engine.White) - 1)
	a.add(w.PromotionThreat, count(men&lastRank&ahead))
	a.add(w.Phalanx, count(men&engine.West(men)))
	a.add(w.Column, count(men&engine.North(men)))
	west := count(men & westHalf)
	a.add(w.FlankImbalance, abs(2*west-count(men)))
	a.add(w.ManMobility, count(engine.North(men)&empty)+count(engine.NorthEast(men)&empty)+count(engine.NorthWest(men)&empty))
	k := count(engine.North(kings)&empty) + count(engine.South(kings)&empty) +
		count(engine.East(kings)&empty) + count(engine.West(kings)&empty) +
		count(engine.NorthEast(kings)&empty) + count(engine.NorthWest(kings)&empty) +
		count(engine.SouthEast(kings)&empty) + count(engine.SouthWest(kings)&empty)
	a.add(w.KingMobility, k)
}

func count(b engine.Bitboard) int { return bits.OnesCount64(b) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
