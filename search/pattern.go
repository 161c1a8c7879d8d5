// Pattern evaluation in the manner of Scan: every 2×2 window of the board,
// seen from the side to move (its men moving toward rank 8), indexes a
// table of learned values by its contents (each square empty, the side to
// move's piece or the opponent's), tapered by phase like the weights.

package search

import "github.com/dameo/dameo/engine"

const (
	// windowSide: the windows are windowSide × windowSide squares.
	windowSide = 2
	// windowsPerLine: window positions along a rank or a file.
	windowsPerLine = 8 - windowSide + 1
	// NumWindows is the number of windows: every 2×2 square block.
	NumWindows = windowsPerLine * windowsPerLine
	// WindowConfigs is the number of contents of a window: 3 to the power
	// of its 4 squares (empty, own piece, enemy piece; kings count as
	// pieces of their colour).
	WindowConfigs = 81
)

// Patterns are the values of each window's contents: Patterns[w][c] is the
// value of window w (numbered rank by rank from a1–b2, in the side to
// move's view) holding contents c (WindowIndices). An empty window (c = 0)
// adds nothing whatever its value, so the many empty windows of an
// endgame cost no time; the zero Patterns add nothing at all.
type Patterns [NumWindows][WindowConfigs]Pair

// windowConfig maps the 4 bits of own and of enemy pieces in a window
// (own<<4 | enemy, squares in the order lower left, lower right, upper
// left, upper right) to its contents index Σ state × 3^square (state 1
// own, 2 enemy).
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
			t[own<<4|enemy] = uint8(c)
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

// windowBits is the own<<4 | enemy index of windowConfig of the window
// whose lower left square is bit shift, from the rows at and above it.
func windowBits(own, enemy engine.Bitboard, shift uint) uint8 {
	o := own>>shift&3 | (own>>(shift+8)&3)<<2
	e := enemy>>shift&3 | (enemy>>(shift+8)&3)<<2
	return uint8(o<<4 | e)
}

// WindowIndices sets idx to the contents index of each window of p.
func WindowIndices(p *engine.Position, idx *[NumWindows]uint8) {
	own, enemy := sidePieces(p)
	for r := range windowsPerLine {
		for f := range windowsPerLine {
			idx[r*windowsPerLine+f] = windowConfig[windowBits(own, enemy, uint(8*r+f))]
		}
	}
}

// sum is the middlegame and the endgame value of p's windows.
func (pt *Patterns) sum(p *engine.Position) (mg, eg int32) {
	own, enemy := sidePieces(p)
	for r := range windowsPerLine {
		row := pt[r*windowsPerLine : (r+1)*windowsPerLine]
		for f := range row {
			bits := windowBits(own, enemy, uint(8*r+f))
			if bits == 0 {
				continue
			}
			v := &row[f][windowConfig[bits]]
			mg += v.MG
			eg += v.EG
		}
	}
	return mg, eg
}
