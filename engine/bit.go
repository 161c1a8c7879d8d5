// Bitboard helpers: square sets as uint64, file and rank masks, shifts with
// edge masks, mirroring, and iteration over set bits.

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

// FileMask is the set of squares on file f, 0 (a) to 7 (h), as numbered by
// Square.File; it is empty for f outside 0–7.
func FileMask(f int) Bitboard {
	if uint(f) > 7 {
		return 0
	}
	return fileA << f
}

// RankMask is the set of squares on rank r, 0 (rank 1) to 7 (rank 8), as
// numbered by Square.Rank; it is empty for r outside 0–7.
func RankMask(r int) Bitboard {
	if uint(r) > 7 {
		return 0
	}
	return rank1 << (8 * r)
}

// Orient is b as seen by colour c, whose men move toward rank 8: b itself
// for White, and b mirrored top to bottom (rank r to rank 9−r) for Black.
// Orient(Orient(b, c), c) is b.
func Orient(b Bitboard, c Color) Bitboard {
	if c == Black {
		return bits.ReverseBytes64(b)
	}
	return b
}

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

// North is b with every square moved one step toward rank 8; squares that
// would leave the board drop out. The other seven directions follow.
func North(b Bitboard) Bitboard { return shift(b, north) }

// South is b moved one step toward rank 1.
func South(b Bitboard) Bitboard { return shift(b, south) }

// East is b moved one step toward file h.
func East(b Bitboard) Bitboard { return shift(b, east) }

// West is b moved one step toward file a.
func West(b Bitboard) Bitboard { return shift(b, west) }

// NorthEast is b moved one step diagonally toward h8.
func NorthEast(b Bitboard) Bitboard { return shift(b, northEast) }

// NorthWest is b moved one step diagonally toward a8.
func NorthWest(b Bitboard) Bitboard { return shift(b, northWest) }

// SouthEast is b moved one step diagonally toward h1.
func SouthEast(b Bitboard) Bitboard { return shift(b, southEast) }

// SouthWest is b moved one step diagonally toward a1.
func SouthWest(b Bitboard) Bitboard { return shift(b, southWest) }

// opposite is the reverse of each direction.
var opposite = [numDirections]direction{south, north, west, east, southWest, southEast, northWest, northEast}

// popCount is the number of squares in b.
func popCount(b Bitboard) int { return bits.OnesCount64(b) }

// firstSquare is the lowest square of a non-empty b.
func firstSquare(b Bitboard) Square { return Square(bits.TrailingZeros64(b)) }

// rays[d][s] is the set of squares from s (exclusive) to the edge in
// direction d. Package variables that depend on it are set after it.
var rays = newRays()

func newRays() (rays [numDirections][64]Bitboard) {
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
	return rays
}

// ascending[d] is all ones when squares increase along d, so that the
// first square hit along a ray is its lowest bit, and 0 when they decrease.
var ascending = [numDirections]uint64{
	north: ^uint64(0), east: ^uint64(0), northEast: ^uint64(0), northWest: ^uint64(0),
}

// nearest is the square of hit nearest to the start of a ray in direction
// d, without a branch on d: the lowest bit of hit along an ascending
// direction, the highest along a descending one. For an empty hit it is
// the square where no ray in direction d starts (h8 or a1), whose ray is
// empty.
func nearest(hit Bitboard, d direction) Square {
	up := ascending[d&7]
	return Square(uint64(bits.TrailingZeros64(hit|1<<63))&up | uint64(63^bits.LeadingZeros64(hit|1))&^up)
}

// Rays cut at their first blocker, without a branch: the ray beyond the
// blocker is taken off the ray from s (nothing is when there is no
// blocker, see nearest), which leaves the squares up to the blocker, the
// blocker with them.

// blockerOf is the first occupied square from s along d, as a one-bit set
// (0 when the ray reaches the edge).
func blockerOf(s Square, d direction, occupied Bitboard) Bitboard {
	r := &rays[d&7]
	hit := r[s&63] & occupied
	return (r[s&63] ^ r[nearest(hit, d)&63]) & hit
}

// orthogonalBlockers is blockerOf along each direction of orthogonal, in
// its order, each direction's known: the lowest occupied square of an
// ascending ray, the highest of a descending one, isolated in place
// (blockerOf selects a bit scan's result and looks the ray up again).
func orthogonalBlockers(s Square, occupied Bitboard) [4]Bitboard {
	return [4]Bitboard{
		lowestBit(rays[north][s&63] & occupied), highestBit(rays[south][s&63] & occupied),
		lowestBit(rays[east][s&63] & occupied), highestBit(rays[west][s&63] & occupied),
	}
}

// lowestBit is the lowest square of b as a one-bit set, 0 for an empty b.
func lowestBit(b Bitboard) Bitboard { return b & -b }

// highestBit is the highest square of b as a one-bit set, 0 for an empty b.
func highestBit(b Bitboard) Bitboard { return 1 << 63 >> (bits.LeadingZeros64(b|1) & 63) & b }

// emptyRay is the set of empty squares from s along d up to the first
// occupied square.
func emptyRay(s Square, d direction, occupied Bitboard) Bitboard {
	r := &rays[d&7]
	hit := r[s&63] & occupied
	return (r[s&63] ^ r[nearest(hit, d)&63]) &^ hit
}
