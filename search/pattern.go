// Pattern evaluation in the manner of Scan: every 2×2 window of the board,
// seen from the side to move (its men moving toward rank 8), indexes a
// table of learned values by its contents (each square empty, the side to
// move's piece or the opponent's), tapered by phase like the weights. The
// windows of a pair of ranks share one table: how far up the board a
// formation stands matters more than its file, and fewer values are
// learned better from the same games.

package search

import (
	"math"

	"github.com/dameo/dameo/engine"
)

const (
	// windowSide: the windows are windowSide × windowSide squares.
	windowSide = 2
	// windowsPerLine: window positions along a rank or a file.
	windowsPerLine = 8 - windowSide + 1
	// NumWindows is the number of windows: every 2×2 square block.
	NumWindows = windowsPerLine * windowsPerLine
	// NumPatternTables is the number of tables: one per pair of ranks,
	// shared by the windows on those ranks (window w uses table
	// w / (NumWindows / NumPatternTables)).
	NumPatternTables = windowsPerLine
	// WindowConfigs is the number of contents of a window: 3 to the power
	// of its 4 squares (empty, own piece, enemy piece; kings count as
	// pieces of their colour).
	WindowConfigs = 81
)

// Patterns are the values of each window's contents: Patterns[t][c] is the
// value of a window of table t (the windows are numbered rank by rank from
// a1–b2 in the side to move's view, and those of ranks t+1 and t+2 use
// table t) holding contents c (WindowIndices); the evaluation holds
// each value within ±math.MaxInt16. An empty window (c = 0)
// adds nothing whatever its value, so the many empty windows of an
// endgame cost no time; the zero Patterns add nothing at all.
type Patterns [NumPatternTables][WindowConfigs]Pair

// windowConfig maps the key of a window (windowKey: the 4 bits of own
// pieces | the 4 bits of enemy pieces << 4, squares in the order lower
// left, lower right, upper left, upper right) to its contents index
// Σ state × 3^square (state 1 own, 2 enemy).
var windowConfig = func() (t [256]uint8) {
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

// windowKey is the windowConfig key of the window on files f and f+1 of a
// rankPair word: the four 2-bit groups, one per byte, gathered by one
// multiplication into bits 24–31 (the other partial products fall in
// disjoint bits below 24 or above 31, so nothing carries into them).
func windowKey(pair uint64, f int) uint8 {
	return uint8((pair >> f & 0x03030303) * (1<<24 | 1<<18 | 1<<12 | 1<<6) >> 24)
}

// WindowIndices sets idx to the contents index of each window of p.
func WindowIndices(p *engine.Position, idx *[NumWindows]uint8) {
	own, enemy := sidePieces(p)
	for r := range windowsPerLine {
		pair := rankPair(own, enemy, r)
		for f := range windowsPerLine {
			idx[r*windowsPerLine+f] = windowConfig[windowKey(pair, f)]
		}
	}
}

// packedPair is a Pair in half the space, so that a whole pattern table
// (packedPatterns, about 2 KiB) stays in the fastest cache.
type packedPair struct{ mg, eg int16 }

// packedPatterns are Patterns as the evaluation reads them.
type packedPatterns [NumPatternTables][WindowConfigs]packedPair

// pack is pt with each value held within ±math.MaxInt16 (some 300 men,
// far beyond any useful value) and the empty windows' values 0 (so that
// the sum needs no branch to skip them).
func (pt *Patterns) pack() *packedPatterns {
	var pp packedPatterns
	for w := range pt {
		for c, v := range pt[w][1:] {
			c++
			pp[w][c] = packedPair{int16(min(max(v.MG, math.MinInt16+1), math.MaxInt16)),
				int16(min(max(v.EG, math.MinInt16+1), math.MaxInt16))}
		}
	}
	return &pp
}

// sum is the middlegame and the endgame value of p's windows.
func (pt *packedPatterns) sum(p *engine.Position) (mg, eg int32) {
	own, enemy := sidePieces(p)
	for r := range windowsPerLine {
		pair := rankPair(own, enemy, r)
		if pair == 0 {
			continue // two empty ranks: all their windows are empty
		}
		table := &pt[r]
		for f := range windowsPerLine {
			v := table[windowConfig[windowKey(pair, f)]]
			mg += int32(v.mg)
			eg += int32(v.eg)
		}
	}
	return mg, eg
}
