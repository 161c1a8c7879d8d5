// Threats: the pieces of a side that the opponent could jump at once, with
// a man from an orthogonally adjacent square or a king by long leap.

package engine

// Threatened is the set of pieces of colour c that an enemy piece could
// jump if it were the enemy's turn: pieces with an enemy man orthogonally
// next to them, or an enemy king on their rank or file with only empty
// squares between, and an empty square right behind them on that line.
// These are the pieces that can be taken first in a capture of the enemy;
// the majority rule, which picks among captures, plays no part.
func (p *Position) Threatened(c Color) Bitboard {
	ours, enemy := p.Pieces(c), p.Pieces(c.Other())
	empty := ^(ours | enemy)
	men := enemy &^ p.kings
	// A man jumps toward d the pieces of shift(men, d), those next to it
	// on that side, with an empty square beyond: shift(empty, opposite[d]).
	t := ours & (shift(men, north)&shift(empty, south) |
		shift(men, south)&shift(empty, north) |
		shift(men, east)&shift(empty, west) |
		shift(men, west)&shift(empty, east))
	occupied := ^empty
	for k := enemy & p.kings; k != 0; k &= k - 1 {
		s := firstSquare(k)
		for _, d := range orthogonal {
			if _, b := rayTo(s, d, occupied); b&ours != 0 && shift(b, d)&empty != 0 {
				t |= b
			}
		}
	}
	return t
}
