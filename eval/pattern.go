// The patterns of 4 files × 3 ranks, in the manner of Scan: each pattern's
// men, seen from the side to move (its men moving toward rank 8), read as
// a base-3 number (each square empty or a king 0, own man 1, enemy man 2)
// that indexes a table of 3^12 learned values. The patterns stand at every
// placement on the board; those of nearby ranks share a table, and a
// pattern and its left–right mirror image share a value (the index is the
// smaller of the two readings). Kings are not in the patterns: they have
// their own features (kings.go).

package eval

import "github.com/dameo/dameo/engine"

const (
	patternFiles   = 4
	patternRanks   = 3
	patternsAcross = 8 - patternFiles + 1 // placements along a rank
	patternsUp     = 8 - patternRanks + 1 // placements along a file
	// NumPatterns is the number of 4×3 patterns: pattern w covers files
	// w%5 to w%5+3 and ranks w/5 to w/5+2 in the side to move's view.
	NumPatterns = patternsAcross * patternsUp
	// NumPatternTables is the number of 4×3 tables (PatternTable).
	NumPatternTables = 4
	// PatternConfigs is the number of contents of a 4×3 pattern, 3^12: the
	// square on the pattern's file j and rank i (both from 0) is digit
	// 4i + j, its state 0 (empty or king), 1 (own man) or 2 (enemy man).
	PatternConfigs = 531441
)

// patternTable is the table of the patterns on each rank placement: the
// home ranks, the two lower middle, the two upper middle, and the
// opponent's home ranks.
var patternTable = [patternsUp]uint8{0, 1, 1, 2, 2, 3}

// PatternTable is the table of pattern w.
func PatternTable(w int) int { return int(patternTable[w/patternsAcross]) }

func pow3(n int) int32 {
	p := int32(1)
	for range n {
		p *= 3
	}
	return p
}

// rankReadings is the number of readings of one rank of a pattern, 3^4.
const rankReadings = 81

// rankMirror is the reading of one rank of a pattern (its four digits)
// with its files reversed.
var rankMirror = func() (t [rankReadings]int32) {
	for r := range t {
		d := int32(r)
		for j := range patternFiles {
			t[r] += d % 3 * pow3(patternFiles-1-j)
			d /= 3
		}
	}
	return t
}()

// mirrorReading is the reading of the left–right mirror image of a pattern
// that reads c: each rank's files reversed.
func mirrorReading(c int32) int32 {
	var m int32
	for i, place := 0, int32(1); i < patternRanks; i, place = i+1, place*rankReadings {
		m += rankMirror[c%rankReadings] * place
		c /= rankReadings
	}
	return m
}

// canonical is the table index of a pattern that reads c: the smaller of
// c and its mirror image's reading.
func canonical(c int32) int32 { return min(c, mirrorReading(c)) }

// patternView is the men of every pattern seen by one side (own men moving
// toward rank 8), kept by rank so that a change of one square changes two
// words: ranks[R] holds the readings of the rank's four squares at each
// pattern placement along it (placement f covers files f to f+3), each
// 0 to rankReadings−1, packed readingBits apart, placements 0–2 in
// ranks[R][0] and 3–4 in ranks[R][1]. A pattern's reading is its three
// ranks' readings at its placement, rank i of the pattern times
// rankReadings^i (rowReadings). A reading and its left–right mirror image
// share a value: the Evaluator's tables hold it at both, so the view keeps
// no mirror reading (PatternIndex takes the smaller).
type patternView struct {
	ranks [8][rankWords]uint64
}

const (
	// readingBits is the width of a packed reading: a pattern's reading,
	// below PatternConfigs, fits.
	readingBits = 21
	readingMask = 1<<readingBits - 1
	// readingsPerWord is the number of packed readings in a word.
	readingsPerWord = 64 / readingBits
	// rankWords is the number of words of a rank's placements.
	rankWords = (patternsAcross + readingsPerWord - 1) / readingsPerWord
)

// placementReadings[b] are the packed readings (as in patternView.ranks) of
// a rank whose own men are the bits of b and that has no enemy men; the
// enemy men's readings are twice those of the same squares' own men.
var placementReadings = func() (t [256][rankWords]uint64) {
	for b := range t {
		for f := range patternsAcross {
			var c uint64
			for j := range patternFiles {
				if b>>(f+j)&1 != 0 {
					c += uint64(pow3(j))
				}
			}
			t[b][f/readingsPerWord] += c << (readingBits * (f % readingsPerWord))
		}
	}
	return t
}()

// rowReadings are the readings of the patterns on rank placement r (ranks
// r to r+2), packed as in patternView.ranks: placements 0–2 in lo, 3–4 in
// hi. Packed readings add without carries, each below 1<<readingBits.
func (v *patternView) rowReadings(r int) (lo, hi uint64) {
	a, b, c := &v.ranks[r], &v.ranks[r+1], &v.ranks[r+2]
	return a[0] + rankReadings*(b[0]+rankReadings*c[0]), a[1] + rankReadings*(b[1]+rankReadings*c[1])
}

// reading is the reading of pattern w.
func (v *patternView) reading(w int) int32 {
	lo, hi := v.rowReadings(w / patternsAcross)
	f := w % patternsAcross
	if f >= readingsPerWord {
		lo, f = hi, f-readingsPerWord
	}
	return int32(lo >> (readingBits * f) & readingMask)
}

// read sets v to the patterns of own and enemy men, both in the viewer's
// orientation.
func (v *patternView) read(own, enemy engine.Bitboard) {
	for r := range v.ranks {
		o, e := &placementReadings[own>>(8*r)&255], &placementReadings[enemy>>(8*r)&255]
		for k := range v.ranks[r] {
			v.ranks[r][k] = o[k] + 2*e[k]
		}
	}
}

// sideMen are the side to move's and the opponent's men, in the side to
// move's view.
func sideMen(p *engine.Position) (own, enemy engine.Bitboard) {
	us := p.SideToMove()
	return engine.Orient(p.Men(us), us), engine.Orient(p.Men(us.Other()), us)
}

// PatternContents sets c to the index of each 4×3 pattern of p in its table
// (the smaller of its reading and its mirror image's), from the side to
// move's view.
func PatternContents(p *engine.Position, c *[NumPatterns]int32) {
	var v patternView
	v.read(sideMen(p))
	for w := range c {
		c[w] = canonical(v.reading(w))
	}
}
