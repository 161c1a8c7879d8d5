// The 2×2 patterns: every 2×2 window of the board, seen from the side to
// move (its men moving toward rank 8), indexes a table of learned values
// by its contents (each square empty, the side to move's piece or the
// opponent's; kings count as pieces of their colour). The windows of a
// pair of ranks share one table. An empty window is no feature: it adds
// nothing, so the many empty windows of an endgame cost no time.

package eval

import "github.com/dameo/dameo/engine"

const (
	// patternSide: the windows are patternSide × patternSide squares.
	patternSide = 2
	// patternsPerLine: window positions along a rank or a file.
	patternsPerLine = 8 - patternSide + 1
	// NumPatterns is the number of 2×2 windows.
	NumPatterns = patternsPerLine * patternsPerLine
	// NumPatternTables is the number of 2×2 tables: one per pair of
	// ranks, shared by the windows on those ranks (window w, numbered rank
	// by rank from a1–b2 in the side to move's view, uses table
	// w / patternsPerLine).
	NumPatternTables = patternsPerLine
	// PatternConfigs is the number of contents of a 2×2 window: 3 to the
	// power of its 4 squares, Σ state × 3^square with the squares in the
	// order lower left, lower right, upper left, upper right and the
	// states 0 empty, 1 own piece, 2 enemy piece. Contents 0 (empty) is
	// never a feature.
	PatternConfigs = 81
)

// patternKeys is the number of window keys (patternKey: the 4 bits of own
// pieces | the 4 bits of enemy pieces << 4).
const patternKeys = 256

// patternConfig maps the key of a window to its contents index (0 for a
// key no window has, own and enemy pieces on one square).
var patternConfig = func() (t [patternKeys]uint8) {
	for own := range 16 {
		for enemy := range 16 {
			if own&enemy != 0 {
				continue
			}
			c, pow := 0, 1
			for sq := range 4 {
				switch {
				case own>>sq&1 != 0:
					c += pow
				case enemy>>sq&1 != 0:
					c += 2 * pow
				}
				pow *= 3
			}
			t[own|enemy<<4] = uint8(c)
		}
	}
	return t
}()

// sidePieces are the side to move's and the opponent's pieces, in the side
// to move's view.
func sidePieces(p *engine.Position) (own, enemy engine.Bitboard) {
	us := p.SideToMove()
	return engine.Orient(p.Pieces(us), us), engine.Orient(p.Pieces(us.Other()), us)
}

// rankPair packs the ranks r and r+1 of own and enemy pieces into one word:
// own rank r in bits 0–7, own rank r+1 in bits 8–15, enemy ranks r and
// r+1 in bits 16–23 and 24–31.
func rankPair(own, enemy engine.Bitboard, r int) uint64 {
	return own>>(8*r)&0xffff | (enemy>>(8*r)&0xffff)<<16
}

// patternKey is the patternConfig key of the window on files f and f+1 of
// a rankPair word: the four 2-bit groups, one per byte, gathered by one
// multiplication into bits 24–31 (the other partial products fall in
// disjoint bits below 24 or above 31, so nothing carries into them).
func patternKey(pair uint64, f int) uint8 {
	return uint8((pair >> f & 0x03030303) * (1<<24 | 1<<18 | 1<<12 | 1<<6) >> 24)
}

// PatternContents sets c to the contents of each 2×2 window of p, in the
// side to move's view (window w on files w%7, w%7+1 and ranks w/7, w/7+1).
func PatternContents(p *engine.Position, c *[NumPatterns]uint8) {
	own, enemy := sidePieces(p)
	for r := range patternsPerLine {
		pair := rankPair(own, enemy, r)
		for f := range patternsPerLine {
			c[r*patternsPerLine+f] = patternConfig[patternKey(pair, f)]
		}
	}
}

// patternSum is the middlegame and the endgame value of p's 2×2 windows
// in tables t, indexed by window key (one lookup, no contents index in
// between), whose empty windows hold 0 (so that no branch skips them).
func patternSum(t *[NumPatternTables][patternKeys]pair16, p *engine.Position) (mg, eg int32) {
	own, enemy := sidePieces(p)
	for r := range patternsPerLine {
		pair := rankPair(own, enemy, r)
		if pair == 0 {
			continue // two empty ranks: all their windows are empty
		}
		table := &t[r]
		for f := range patternsPerLine {
			v := table[patternKey(pair, f)]
			mg += v.mg()
			eg += v.eg()
		}
	}
	return mg, eg
}
