// The Evaluator: a set of weights in the layout the search reads (the
// 4×3 tables as flat middlegame–endgame pairs, each value at a reading and
// at its mirror image's, so that a pattern's reading is its index in the
// search), fixed when it is made so
// that any number of searchers and goroutines can share it, and the
// evaluation itself.

package eval

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// pair16 is a feature's middlegame and endgame weight side by side, so
// that one memory access, of one word, reads both: the middlegame weight
// in the low 16 bits, the endgame weight in the high 16.
type pair16 uint32

func makePair16(mg, eg int16) pair16 { return pair16(uint16(mg)) | pair16(uint16(eg))<<16 }

func (x pair16) mg() int32 { return int32(int16(x)) }

// eg is the high half, sign and all: the low half, a whole number from 0
// to 65535, is below one unit of the high half.
func (x pair16) eg() int32 { return int32(x) >> 16 }

// termPair is a term's middlegame weight plus its endgame weight times
// 2^32: one multiplication by a count weights both, and a sum of such
// products is the middlegame sum plus the endgame sum times 2^32, exactly,
// while both sums are within int32 (they are: NumTerms counts below 2^9
// times weights of at most 2^15). Its low 32 bits are then the middlegame
// sum, and the rest, once that is taken off, the endgame sum.
func termPair(mg, eg int16) int64 { return int64(mg) + int64(eg)<<32 }

// Evaluator is a static evaluation. It does not change after it is made.
type Evaluator struct {
	terms    [NumTerms]int64                   // termPair of each term's weights
	blocks   [NumBlockTables][blockKeys]pair16 // by blockKey; empty blocks (and keys of no block) hold 0
	kings    [NumKingSquares]pair16
	patterns *[NumPatternTables][PatternConfigs]pair16
}

// NewEvaluator is the evaluation with weights w (a copy: changing w later
// changes nothing).
func NewEvaluator(w *Weights) (*Evaluator, error) {
	if err := w.check(); err != nil {
		return nil, err
	}
	e := &Evaluator{patterns: new([NumPatternTables][PatternConfigs]pair16)}
	at := func(i int) pair16 { return makePair16(w.MG[i], w.EG[i]) }
	for t := range NumTerms {
		e.terms[t] = termPair(w.MG[TermIndex(t)], w.EG[TermIndex(t)])
	}
	for t := range e.blocks {
		for key, c := range blockConfig {
			if c != 0 {
				e.blocks[t][key] = at(BlockIndex(t, c))
			}
		}
	}
	for k := range e.kings {
		e.kings[k] = at(kingSquaresOffset + k)
	}
	for c := range PatternConfigs {
		index := canonical(int32(c))
		for t := range e.patterns {
			e.patterns[t][c] = at(PatternIndex(t, index))
		}
	}
	return e, nil
}

// Evaluate is the static score of p for the side to move, in hundredths of
// a man, within ±Bound: the tapered sum of the weights of p's features
// (AppendFeatures), computed from the board.
func (e *Evaluator) Evaluate(p *engine.Position) int32 {
	var v patternView
	v.read(sideMen(p))
	return e.evaluate(p, &v)
}

// EvaluateState is Evaluate with the 4×3 patterns read from s, which must
// be p's state (State.Init, State.Update): the same score, sooner.
func (e *Evaluator) EvaluateState(p *engine.Position, s *State) int32 {
	return e.evaluate(p, &s.views[p.SideToMove()])
}

// EvaluateAfter is EvaluateState of after, with its patterns brought from
// s, the state of before (any two positions, as State.Update), for this
// evaluation only: s does not change. Only the side to move's view is
// brought up to date, half the work of Update, for a position from whose
// state no other will be brought.
func (e *Evaluator) EvaluateAfter(after, before *engine.Position, s *State) int32 {
	us := after.SideToMove()
	v := s.views[us]
	v.update(us, before, after)
	return e.evaluate(after, &v)
}

// evaluate is the score of p whose patterns, from the side to move's view,
// are v. The patterns come first: their tables are large and rarely in the
// nearest cache, and the term counts that follow keep the processor busy
// while their values arrive.
func (e *Evaluator) evaluate(p *engine.Position, v *patternView) int32 {
	var mg, eg int32
	patterns := e.patterns
	for r := range patternsUp {
		table := &patterns[patternTable[r]]
		lo, hi := v.rowReadings(r)
		a, b, c := table[lo&readingMask], table[lo>>readingBits&readingMask], table[lo>>(2*readingBits)]
		d, f := table[hi&readingMask], table[hi>>readingBits]
		mg += a.mg() + b.mg() + c.mg() + d.mg() + f.mg()
		eg += a.eg() + b.eg() + c.eg() + d.eg() + f.eg()
	}
	var counts [NumTerms]int32
	termCounts(p, &counts)
	pm, pe := blockSum(&e.blocks, p)
	mg, eg = mg+pm, eg+pe
	var terms int64
	for t, n := range &counts {
		terms += e.terms[t] * int64(n)
	}
	tm := int32(terms)
	mg, eg = mg+tm, eg+int32((terms-int64(tm))>>32)
	if kings := p.Kings(engine.White) | p.Kings(engine.Black); kings != 0 {
		own, enemy := sideKings(p)
		for k := own; k != 0; k &= k - 1 {
			x := e.kings[kingSquare(false, bits.TrailingZeros64(k))]
			mg, eg = mg+x.mg(), eg+x.eg()
		}
		for k := enemy; k != 0; k &= k - 1 {
			x := e.kings[kingSquare(true, bits.TrailingZeros64(k))]
			mg, eg = mg+x.mg(), eg+x.eg()
		}
	}
	return Taper(mg, eg, Phase(p))
}
