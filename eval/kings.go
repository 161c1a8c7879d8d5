// The king squares: a value per square for the side to move's kings and
// one for the opponent's, in the side to move's view, the left–right
// mirror sharing values. The 4×3 patterns see men only; this is how kings
// are told apart from them beyond TermKing.

package eval

import "github.com/dameo/dameo/engine"

// kingSquares is the number of squares up to the left–right mirror.
const kingSquares = 32

// NumKingSquares is the number of king-square features: 32 squares (up to
// the mirror) for the side to move's kings, then as many for the
// opponent's.
const NumKingSquares = 2 * kingSquares

// kingSquare is the feature of a king on s (side to move's view), 0 to
// NumKingSquares − 1, the opponent's after the own: rank × 4 + the file's
// distance from the nearer edge.
func kingSquare(enemy bool, s int) int {
	f := s & 7
	k := s>>3*4 + min(f, 7-f)
	if enemy {
		k += kingSquares
	}
	return k
}

// sideKings are the side to move's and the opponent's kings, in the side
// to move's view.
func sideKings(p *engine.Position) (own, enemy engine.Bitboard) {
	us := p.SideToMove()
	return engine.Orient(p.Kings(us), us), engine.Orient(p.Kings(us.Other()), us)
}
