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
// The evaluation blends them by phase: all MG with the 36 men of the start
// position on the board, all EG with none.
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

const (
	fileA    engine.Bitboard = 0x0101010101010101
	fileH    engine.Bitboard = 0x8080808080808080
	notFileA                 = ^fileA
	notFileH                 = ^fileH
	rank1    engine.Bitboard = 0xFF
	rank7    engine.Bitboard = 0xFF << 48
	westHalf engine.Bitboard = 0x0F0F0F0F0F0F0F0F // files a–d

	// fullPhase is the number of men at the start: the evaluation is all
	// middlegame with this many men or more.
	fullPhase = 36
)

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
	w.side(&black, flip(p.Men(engine.Black)), flip(p.Kings(engine.Black)), flip(empty))
	if us == engine.White {
		a = acc{white.mg - black.mg, white.eg - black.eg}
	} else {
		a = acc{black.mg - white.mg, black.eg - white.eg}
	}
	a.add(w.Tempo, 1)
	them := us.Other()
	a.add(w.Threatened, threatened(p.Pieces(us), p.Men(them), p.Kings(them), empty))
	phase := min(bits.OnesCount64(p.Men(engine.White)|p.Men(engine.Black)), fullPhase)
	return Score((int(a.mg)*phase + int(a.eg)*(fullPhase-phase)) / fullPhase)
}

// Evaluate is the static score of p for the side to move with the default weights.
func Evaluate(p *engine.Position) Score { return DefaultWeights.Evaluate(p) }

// flip mirrors a board top to bottom (rank r to rank 9-r), so that Black's
// men move toward rank 8.
func flip(b engine.Bitboard) engine.Bitboard { return bits.ReverseBytes64(b) }

// side adds the terms of one side whose men move toward rank 8.
func (w *Weights) side(a *acc, men, kings, empty engine.Bitboard) {
	a.add(w.Man, count(men))
	a.add(w.King, count(kings))
	a.add(w.BackRank, count(men&rank1))
	for r := range w.Advance {
		a.add(w.Advance[r], count(men&(rank1<<(8*(r+1)))))
	}
	ahead := empty>>8 | (empty>>9)&notFileH | (empty>>7)&notFileA
	a.add(w.PromotionThreat, count(men&rank7&ahead))
	a.add(w.Phalanx, count(men&(men>>1)&notFileH))
	a.add(w.Column, count(men&(men<<8)))
	west := count(men & westHalf)
	a.add(w.FlankImbalance, abs(2*west-count(men)))
	a.add(w.ManMobility, count(men<<8&empty)+count((men&notFileH)<<9&empty)+count((men&notFileA)<<7&empty))
	k := count(kings<<8&empty) + count(kings>>8&empty) +
		count((kings&notFileH)<<1&empty) + count((kings&notFileA)>>1&empty) +
		count((kings&notFileH)<<9&empty) + count((kings&notFileA)<<7&empty) +
		count((kings&notFileH)>>7&empty) + count((kings&notFileA)>>9&empty)
	a.add(w.KingMobility, k)
}

// threatened counts the pieces of ours that an enemy man or king could
// jump: an enemy piece orthogonally in line with nothing between (for men,
// adjacent) and an empty square right behind ours.
func threatened(ours, men, kings, empty engine.Bitboard) int {
	t := ours & (men >> 8) & (empty << 8)
	t |= ours & (men << 8) & (empty >> 8)
	t |= ours & ((men & notFileA) >> 1) & ((empty & notFileH) << 1)
	t |= ours & ((men & notFileH) << 1) & ((empty & notFileA) >> 1)
	for k := kings; k != 0; k &= k - 1 {
		s := bits.TrailingZeros64(k)
		for _, d := range orthogonal {
			t |= leapTarget(s, d, ours, empty)
		}
	}
	return count(t)
}

// orthogonal lists the capture directions as (file, rank) steps.
var orthogonal = [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}

// leapTarget is the piece of ours a king on s could jump in direction d
// (as a one-bit set), or 0.
func leapTarget(s int, d [2]int, ours, empty engine.Bitboard) engine.Bitboard {
	f, r := s&7+d[0], s>>3+d[1]
	for f >= 0 && f < 8 && r >= 0 && r < 8 {
		b := engine.Bitboard(1) << (8*r + f)
		if empty&b != 0 {
			f, r = f+d[0], r+d[1]
			continue
		}
		f2, r2 := f+d[0], r+d[1]
		if ours&b != 0 && f2 >= 0 && f2 < 8 && r2 >= 0 && r2 < 8 && empty&(1<<(8*r2+f2)) != 0 {
			return b
		}
		return 0
	}
	return 0
}

func count(b engine.Bitboard) int { return bits.OnesCount64(b) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
