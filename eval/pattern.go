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

// patternKeys is the number of window keys: a window's key is a byte of
// a rankPair word, its left file's four bits then its right file's
// (patternKey).
const patternKeys = 256

// patternConfig maps the key of a window to its contents index (0 for a
// key no window has, own and enemy pieces on one square).
var patternConfig = func() (t [patternKeys]uint8) {
	// The key bits of own pieces on the window's squares, in the order of
	// the contents (lower left, lower right, upper left, upper right); an
	// enemy piece's bit is 2 above its square's.
	ownBits := [4]int{0, 4, 1, 5}
	for key := range t {
		c, pow := 0, 1
		for _, b := range ownBits {
			own, enemy := key>>b&1, key>>(b+2)&1
			if own&enemy != 0 {
				c = 0 // no window has it
				break
			}
			c += (own + 2*enemy) * pow
			pow *= 3
		}
		t[key] = uint8(c)
	}
	return t
}()

// sidePieces are the side to move's and the opponent's pieces, in the side
// to move's view.
func sidePieces(p *engine.Position) (own, enemy engine.Bitboard) {
	us := p.SideToMove()
	return engine.Orient(p.Pieces(us), us), engine.Orient(p.Pieces(us.Other()), us)
}

// nibbleSpread[b] is the 8 bits of b 4 apart: bit j in bit 4j.
var nibbleSpread = func() (t [256]uint32) {
	for b := range t {
		for j := range 8 {
			t[b] |= uint32(b>>j&1) << (4 * j)
		}
	}
	return t
}()

// rankNibbles is the first rank of own and enemy pieces by file: file f's
// own piece in bit 4f, its enemy piece in bit 4f+2.
func rankNibbles(own, enemy engine.Bitboard) uint32 {
	return nibbleSpread[uint8(own)] | nibbleSpread[uint8(enemy)]<<2
}

// rankPair is the ranks r and r+1 of own and enemy pieces by file, the
// rankNibbles of rank r and, a bit higher, of rank r+1: file f's own piece
// on rank r in bit 4f, on rank r+1 in 4f+1, its enemy piece on those
// ranks in 4f+2 and 4f+3. The key of the window on files f and f+1 is
// its byte from bit 4f: no multiplication gathers the window's bits.
func rankPair(own, enemy engine.Bitboard, r int) uint32 {
	return rankNibbles(own>>(8*r), enemy>>(8*r)) | rankNibbles(own>>(8*r+8), enemy>>(8*r+8))<<1
}

// patternKey is the patternConfig key of the window on files f and f+1 of
// a rankPair word.
func patternKey(pair uint32, f int) uint8 { return uint8(pair >> (4 * f)) }

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
	lower := rankNibbles(own, enemy)
	for r := range patternsPerLine {
		own, enemy = own>>8, enemy>>8
		upper := rankNibbles(own, enemy)
		pair := lower | upper<<1 // rankPair(own, enemy, r), one rank read once
		lower = upper
		if pair == 0 {
			continue // two empty ranks: all their windows are empty
		}
		table := &t[r]
		for range patternsPerLine {
			v := table[uint8(pair)] // patternKey(pair, f), from f = 0 up
			mg += v.mg()
			eg += v.eg()
			pair >>= 4
		}
	}
	return mg, eg
}
