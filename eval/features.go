// The evaluation as a sparse linear model, for trainers: the layout of the
// weight vector (one index per feature, each with a middlegame and an
// endgame weight), the active features of a position, its phase, and the
// taper that blends the two sums into the score.

package eval

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// The weight vector's groups, in order: the index of a feature is its
// group's offset plus its place in the group.
const (
	termsOffset       = 0
	blocksOffset      = termsOffset + int(NumTerms)
	kingSquaresOffset = blocksOffset + NumBlockTables*BlockConfigs
	patternsOffset    = kingSquaresOffset + NumKingSquares
	// NumParams is the number of features, the length of Weights.MG and
	// Weights.EG.
	NumParams = patternsOffset + NumPatternTables*PatternConfigs
)

// TermIndex is the feature index of term t.
func TermIndex(t Term) int { return termsOffset + int(t) }

// BlockIndex is the feature index of a 2×2 block of table t holding
// contents c (BlockContents).
func BlockIndex(t int, c uint8) int { return blocksOffset + t*BlockConfigs + int(c) }

// KingSquareIndex is the feature index of a king on square s, in the side
// to move's view (engine.Orient), of the opponent if enemy.
func KingSquareIndex(enemy bool, s engine.Square) int {
	return kingSquaresOffset + kingSquare(enemy, int(s))
}

// PatternIndex is the feature index of a 4×3 pattern of table t with index
// c (PatternContents).
func PatternIndex(t int, c int32) int { return patternsOffset + t*PatternConfigs + int(c) }

// Feature is an active feature of a position: its index in the weight
// vector and how many times it counts (negative for the opponent's share
// of a term). An index may appear more than once in a position's list
// (two patterns with the same contents): the counts add.
type Feature struct {
	Index uint32
	Count int16
}

// MaxFeatures bounds the number of features AppendFeatures lists for one
// position (every term, every 2×2 block, a king on every square, every
// 4×3 pattern).
const MaxFeatures = int(NumTerms) + NumBlocks + 64 + NumPatterns

// AppendFeatures appends the active features of p, from the side to
// move's view, to dst and returns the extended slice: the terms whose
// count is not 0, the 2×2 blocks that are not empty, each king's square,
// and every 4×3 pattern.
func AppendFeatures(dst []Feature, p *engine.Position) []Feature {
	var counts [NumTerms]int32
	termCounts(p, &counts)
	for t, n := range &counts {
		if n != 0 {
			// A count is at most 8 per square (king mobility): it fits.
			dst = append(dst, Feature{uint32(TermIndex(Term(t))), int16(n)})
		}
	}
	var pc [NumBlocks]uint8
	BlockContents(p, &pc)
	for w, c := range pc {
		if c != 0 {
			dst = append(dst, Feature{uint32(BlockIndex(w/blocksPerLine, c)), 1})
		}
	}
	own, enemy := sideKings(p)
	for k := own; k != 0; k &= k - 1 {
		dst = append(dst, Feature{uint32(KingSquareIndex(false, engine.Square(bits.TrailingZeros64(k)))), 1})
	}
	for k := enemy; k != 0; k &= k - 1 {
		dst = append(dst, Feature{uint32(KingSquareIndex(true, engine.Square(bits.TrailingZeros64(k)))), 1})
	}
	var wc [NumPatterns]int32
	PatternContents(p, &wc)
	for w, c := range wc {
		dst = append(dst, Feature{uint32(PatternIndex(PatternTable(w), c)), 1})
	}
	return dst
}

// FullPhase is the phase of the start: the number of men on the board
// then.
const FullPhase = 2 * engine.MenPerSide

// Phase is the number of men on p, at most FullPhase: the evaluation takes
// Phase / FullPhase of the middlegame sum and the rest of the endgame sum.
func Phase(p *engine.Position) int32 {
	return int32(min(count(p.Men(engine.White)|p.Men(engine.Black)), FullPhase))
}

// MGShare is the share of the middlegame sum in the evaluation at phase:
// phase / FullPhase.
func MGShare(phase int32) float64 { return float64(phase) / FullPhase }

// Bound bounds the evaluation: |Evaluate| ≤ Bound, below the search's
// scores of forced results.
const Bound = 8999

// Taper is the score of a position with middlegame sum mg, endgame sum eg
// and phase: mg·MGShare(phase) + eg·(1 − MGShare(phase)), truncated
// toward zero to a whole number and held within ±Bound.
func Taper(mg, eg, phase int32) int32 {
	s := int32((int(mg)*int(phase) + int(eg)*(FullPhase-int(phase))) / FullPhase)
	return min(max(s, -Bound), Bound)
}
