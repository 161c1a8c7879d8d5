// The evaluation's weights: the terms it counts, a middlegame and an
// endgame weight for each, the hand-set values (the engine's are the tuned
// ones of weights_tuned.go), and the flat vector form in which a tuner
// adjusts them.

package search

import "math"

// Pair is a weight's middlegame and endgame value in hundredths of a man.
// The evaluation blends them by phase: all MG with all the men of the start
// position on the board (2 × engine.MenPerSide), all EG with none.
type Pair struct{ MG, EG int32 }

// Term is one thing the evaluation counts. Every term but the last two is
// counted for each side, from the side's own point of view (its men move
// toward its crowning rank); the evaluation adds weight × count for the
// side to move and subtracts it for the opponent.
type Term uint8

const (
	// TermMan and TermKing: material, per piece. A king moves like a chess
	// queen and captures by long leap, so it is worth several men.
	TermMan Term = iota
	TermKing
	// TermBackRank: per man still on its own first rank. These men keep
	// the opponent's men from crowning; later they should come out.
	TermBackRank
	// TermAdvance2 to TermAdvance7: per man on its 2nd to 7th rank. Men
	// nearer the crowning rank are worth more, above all late on.
	TermAdvance2
	TermAdvance3
	TermAdvance4
	TermAdvance5
	TermAdvance6
	TermAdvance7
	// TermPromotionThreat: per man on its 7th rank with an empty square
	// ahead of it (straight or diagonally) on which it crowns next move.
	TermPromotionThreat
	// TermPhalanx: per pair of men side by side on a rank. Such men cover
	// each other against sideways captures and move as a front.
	TermPhalanx
	// TermColumn: per man with a man of its own directly behind it. A
	// column cannot be jumped from the front and makes the linear moves.
	TermColumn
	// TermFlankImbalance: per man of difference between the a–d and e–h
	// halves of the board (a penalty: a side crowded on one flank is weak).
	TermFlankImbalance
	// TermManMobility: per empty square a man can step to (straight or
	// diagonally forward).
	TermManMobility
	// TermKingMobility: per empty square next to a king, in all eight
	// directions (a cheap stand-in for its sliding moves).
	TermKingMobility
	// TermThreatened: per piece of the side to move (only) that an enemy
	// piece could capture next move (the side to move has no capture
	// itself when the evaluation is called, so only its own pieces can
	// hang). It also measures king safety: kings count when a long leap
	// can take them.
	TermThreatened
	// TermTempo: 1 for the side to move.
	TermTempo
	// NumTerms is the number of terms.
	NumTerms
)

var termNames = [NumTerms]string{
	"Man", "King", "BackRank", "Advance2", "Advance3", "Advance4", "Advance5", "Advance6", "Advance7",
	"PromotionThreat", "Phalanx", "Column", "FlankImbalance", "ManMobility", "KingMobility", "Threatened", "Tempo",
}

// String is the term's name without the prefix, such as "Man".
func (t Term) String() string {
	if t < NumTerms {
		return termNames[t]
	}
	return "Term(?)"
}

// Weights are the evaluation's parameters: a Pair per Term. Weights is an
// array, so assigning or passing it copies it.
type Weights [NumTerms]Pair

// DefaultWeights are the engine's evaluation weights (a new copy each
// call): the weights fitted by `dameo tune` (weights_tuned.go).
func DefaultWeights() Weights { return tunedWeights }

// HandWeights are the evaluation weights set by hand before the engine had
// a tuner (a new copy each call): the tuner's starting point, and the
// weights of the tests that work scores out by hand.
func HandWeights() Weights {
	return Weights{
		TermMan:             {100, 100},
		TermKing:            {300, 300},
		TermBackRank:        {8, -4},
		TermAdvance2:        {2, 4},
		TermAdvance3:        {4, 8},
		TermAdvance4:        {6, 14},
		TermAdvance5:        {8, 22},
		TermAdvance6:        {10, 32},
		TermAdvance7:        {12, 45},
		TermPromotionThreat: {30, 60},
		TermPhalanx:         {4, 2},
		TermColumn:          {3, 2},
		TermFlankImbalance:  {-3, -1},
		TermManMobility:     {2, 3},
		TermKingMobility:    {1, 1},
		TermThreatened:      {-20, -20},
		TermTempo:           {5, 5},
	}
}

// NumParams is the length of a weight vector: the MG and the EG value of
// each term.
const NumParams = 2 * NumTerms

// MaxWeight bounds the weights that WeightsFromVector makes, far beyond
// any useful weight, so that the evaluation's sums cannot overflow.
const MaxWeight = 1 << 16

// Vector is w as a flat vector for a tuner: the MG and then the EG value
// of each term, in term order (index 2t and 2t+1 for term t).
func (w *Weights) Vector() [NumParams]float64 {
	var v [NumParams]float64
	for t, p := range w {
		v[2*t], v[2*t+1] = float64(p.MG), float64(p.EG)
	}
	return v
}

// WeightsFromVector is the inverse of Weights.Vector: each value rounded to
// the nearest integer and held within ±MaxWeight (NaN counts as 0).
func WeightsFromVector(v [NumParams]float64) Weights {
	var w Weights
	for t := range w {
		w[t] = Pair{weightOf(v[2*t]), weightOf(v[2*t+1])}
	}
	return w
}

// weightOf is x rounded to an integer within ±MaxWeight.
func weightOf(x float64) int32 {
	if math.IsNaN(x) {
		return 0
	}
	return int32(min(max(math.Round(x), -MaxWeight), MaxWeight))
}
