// The hand-chosen terms: what each counts and how it is counted. Each side
// is counted as if its men moved toward rank 8 (Black's board is mirrored
// by engine.Orient), so every term is written once.

package eval

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

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

// westHalf is the board's files a–d.
var westHalf = engine.FileMask(0) | engine.FileMask(1) | engine.FileMask(2) | engine.FileMask(3)

// termCounts sets c to the counts of p's terms: for each term the side to
// move's count minus the opponent's (TermThreatened and TermTempo count
// for the side to move only).
func termCounts(p *engine.Position, c *[NumTerms]int32) {
	us := p.SideToMove()
	empty := ^p.Occupied()
	sign := int32(1) // White's counts add when White is to move, else subtract
	if us == engine.Black {
		sign = -1
	}
	*c = [NumTerms]int32{}
	countSide(c, sign, p.Men(engine.White), p.Kings(engine.White), empty)
	countSide(c, -sign, engine.Orient(p.Men(engine.Black), engine.Black),
		engine.Orient(p.Kings(engine.Black), engine.Black), engine.Orient(empty, engine.Black))
	c[TermThreatened] = int32(count(p.Threatened(us)))
	c[TermTempo] = 1
}

// countSide adds sign × the counts of one side whose men move toward
// rank 8 (the crowning rank of White) to c.
func countSide(c *[NumTerms]int32, sign int32, men, kings, empty engine.Bitboard) {
	add := func(t Term, n int) { c[t] += sign * int32(n) }
	perRank := rankCounts(men)
	total := int(perRank * 0x0101010101010101 >> 56) // the sum of the bytes
	add(TermMan, total)
	add(TermBackRank, int(perRank&0xff))
	for t := TermAdvance2; t <= TermAdvance7; t++ {
		perRank >>= 8
		add(t, int(perRank&0xff))
	}
	// ahead: the squares from which a man steps forward onto an empty square.
	ahead := engine.South(empty) | engine.SouthWest(empty) | engine.SouthEast(empty)
	lastRank := engine.RankMask(engine.CrowningRank(engine.White) - 1)
	add(TermPromotionThreat, count(men&lastRank&ahead))
	add(TermPhalanx, count(men&engine.West(men)))
	add(TermColumn, count(men&engine.North(men)))
	add(TermFlankImbalance, abs(2*count(men&westHalf)-total))
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

func count(b engine.Bitboard) int { return bits.OnesCount64(b) }

// rankCounts is the number of squares of b on each rank, rank r's in byte
// r: a population count of each byte at once (the number of bits of each
// pair, then of each nibble, then of each byte), in place of a count per
// rank, each with its test for the processor's popcount instruction.
func rankCounts(b engine.Bitboard) uint64 {
	x := uint64(b)
	x -= x >> 1 & 0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	return (x + x>>4) & 0x0f0f0f0f0f0f0f0f
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
