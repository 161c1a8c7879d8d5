// King slides: the squares a king reaches along its file, its diagonals
// and its rank, up to the first piece each way, a line at a time rather
// than a ray at a time.

package engine

import "math/bits"

// kingLines[s] are the file and the two diagonals through s, s left out.
var kingLines = newKingLines()

func newKingLines() (lines [64][3]Bitboard) {
	for s := range lines {
		lines[s] = [3]Bitboard{
			rays[north][s] | rays[south][s],
			rays[northEast][s] | rays[southWest][s],
			rays[northWest][s] | rays[southEast][s],
		}
	}
	return lines
}

// rankSlides[f][o] is the set of squares of a rank, as a byte, that a king
// on file f slides to when o (a byte) is the rank's occupancy.
var rankSlides = newRankSlides()

func newRankSlides() (slides [8][256]uint8) {
	for f := range 8 {
		for o := range 256 {
			var t int
			for e := f + 1; e < 8 && o&(1<<e) == 0; e++ {
				t |= 1 << e
			}
			for e := f - 1; e >= 0 && o&(1<<e) == 0; e-- {
				t |= 1 << e
			}
			slides[f][o] = uint8(t)
		}
	}
	return slides
}

// kingTargets is the set of squares a king on s can slide to.
func kingTargets(s Square, occupied Bitboard) Bitboard {
	at, lines, rank := Bitboard(1)<<(s&63), &kingLines[s&63], s&56
	return (lineSlides(at, occupied, lines[0]) | lineSlides(at, occupied, lines[1]) | lineSlides(at, occupied, lines[2]) |
		Bitboard(rankSlides[s&7][occupied>>rank&0xff])<<rank) &^ occupied
}

// lineSlides is the set of squares of line (a file or a diagonal through
// the square at, at left out) from at up to the first occupied square each
// way, that square with them (hyperbola quintessence): subtracting at
// from the line's occupied squares borrows up to the first of them above
// at, and the board turned upside down by a byte swap, which reverses the
// order of the line's squares (one a rank), does the same below.
func lineSlides(at, occupied, line Bitboard) Bitboard {
	up := occupied & line
	down := bits.ReverseBytes64(up)
	up -= at
	down -= bits.ReverseBytes64(at)
	return (up ^ bits.ReverseBytes64(down)) & line
}
