// Bitboard helpers: square sets as uint64, shifts with edge masks, and
// iteration over set bits.
package engine

import "math/bits"

// Bitboard is a set of squares; bit i is square i (a1 = 0, h8 = 63).
type Bitboard = uint64

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = 0x8080808080808080
	rank1 Bitboard = 0x00000000000000FF
	rank8 Bitboard = 0xFF00000000000000

	notFileA = ^fileA
	notFileH = ^fileH
)

// direction is one of the eight board directions.
type direction uint8

const (
	north direction = iota
	south
	east
	west
	northEast
	northWest
	southEast
	southWest
	numDirections
)

// delta is the change in square index for one step in each direction.
var delta = [numDirections]int{8, -8, 1, -1, 9, 7, -7, -9}

// shift moves every square of b one step in direction d, dropping squares
// that would leave the board.
func shift(b Bitboard, d direction) Bitboard {
	switch d {
	case north:
		return b << 8
	case south:
		return b >> 8
	case east:
		return (b & notFileH) << 1
	case west:
		return (b & notFileA) >> 1
	case northEast:
		return (b & notFileH) << 9
	case northWest:
		return (b & notFileA) << 7
	case southEast:
		return (b & notFileH) >> 7
	default: // southWest
		return (b & notFileA) >> 9
	}
}

// opposite is the reverse of each direction.
var opposite = [numDirections]direction{south, north, west, east, southWest, southEast, northWest, northEast}

// popCount is the number of squares in b.
func popCount(b Bitboard) int { return bits.OnesCount64(b) }

// firstSquare is the lowest square of a non-empty b.
func firstSquare(b Bitboard) Square { return Square(bits.TrailingZeros64(b)) }

// rays[d][s] is the set of squares from s (exclusive) to the edge in direction d.
var rays [numDirections][64]Bitboard

func init() {
	for d := direction(0); d < numDirections; d++ {
		for s := 0; s < 64; s++ {
			var r Bitboard
			b := Bitboard(1) << s
			for {
				b = shift(b, d)
				if b == 0 {
					break
				}
				r |= b
			}
			rays[d][s] = r
		}
	}
}

// positiveDirection reports whether squares increase along d, so that the
// first square hit along a ray is its lowest bit.
func positiveDirection(d direction) bool { return delta[d] > 0 }

// rayTo returns the empty squares from s along d up to the first occupied
// square, and that blocker as a one-bit set (0 when the ray reaches the edge).
func rayTo(s Square, d direction, occupied Bitboard) (empty, blocker Bitboard) {
	r := rays[d][s]
	hit := r & occupied
	if hit == 0 {
		return r, 0
	}
	var b Square
	if positiveDirection(d) {
		b = Square(bits.TrailingZeros64(hit))
	} else {
		b = Square(63 - bits.LeadingZeros64(hit))
	}
	return r &^ rays[d][b] &^ (1 << b), 1 << b
}
