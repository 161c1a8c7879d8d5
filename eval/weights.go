// The weights: a middlegame and an endgame value per feature, in
// hundredths of a man, as flat vectors over the feature indices
// (features.go), and the hand-set values of the terms.

package eval

import "fmt"

// Weights are the evaluation's parameters: MG[i] and EG[i] are the
// middlegame and the endgame weight of feature i (0 ≤ i < NumParams). The
// evaluation blends them by phase: all MG with all the men of the start
// on the board (FullPhase), all EG with none. The weights of empty 2×2
// patterns (BlockIndex(t, 0)) are never used.
type Weights struct {
	MG, EG []int16
}

// NewWeights are weights of NumParams zeros.
func NewWeights() *Weights {
	return &Weights{MG: make([]int16, NumParams), EG: make([]int16, NumParams)}
}

// Clone is a copy of w.
func (w *Weights) Clone() *Weights {
	return &Weights{MG: append([]int16(nil), w.MG...), EG: append([]int16(nil), w.EG...)}
}

// check reports weights of the wrong length.
func (w *Weights) check() error {
	if len(w.MG) != NumParams || len(w.EG) != NumParams {
		return fmt.Errorf("weights of %d and %d values, want %d each", len(w.MG), len(w.EG), NumParams)
	}
	return nil
}

// HandWeights are the terms' weights set by hand before the engine had a
// tuner, with all other weights 0: the tuner's starting point, and the
// weights of the tests that work scores out by hand.
func HandWeights() *Weights {
	w := NewWeights()
	for t, p := range [NumTerms][2]int16{
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
	} {
		w.MG[TermIndex(Term(t))], w.EG[TermIndex(Term(t))] = p[0], p[1]
	}
	return w
}
