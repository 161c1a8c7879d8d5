// The masks a search needs at a position it may stop at, in one call: must
// the side to move capture, can it move without capturing, and which of its
// pieces could the opponent take.

package engine

// LeafMasks are three facts of a position for its side to move, as sets.
type LeafMasks struct {
	// Takes is the set of enemy pieces the side to move could jump first:
	// it must capture when Takes is not empty (HasCapture).
	Takes Bitboard
	// Steps is the set of empty squares a piece of the side to move can
	// step to: it has a move without capture when Steps is not empty
	// (HasQuietMove).
	Steps Bitboard
	// Threatened is the set of pieces of the side to move that the
	// opponent could jump first (Threatened of the side to move).
	Threatened Bitboard
}

// LeafMasks computes the three masks at once, sharing the work of
// HasCapture, HasQuietMove and Threatened.
func (p *Position) LeafMasks() LeafMasks {
	own, enemy := p.sides()
	empty := ^(own | enemy)
	return LeafMasks{
		Takes:      jumpable(own&^p.kings, own&p.kings, enemy, empty),
		Steps:      p.steps(),
		Threatened: jumpable(enemy&^p.kings, enemy&p.kings, own, empty),
	}
}
