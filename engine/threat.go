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
	return jumpable(enemy&^p.kings, enemy&p.kings, ours, ^(ours | enemy))
}
