// Occluded fills (Kogge-Stone): the squares that every piece of a set
// reaches along one orthogonal direction through empty squares, for all
// pieces at once and without a loop over them; and from them the pieces
// that men and kings could jump first.

package engine

// fillNorth is gen with every square reached from gen northward through
// the squares of empty added; the other three follow. Three doubling steps
// cover the seven squares a ray can have.
func fillNorth(gen, empty Bitboard) Bitboard {
	gen |= empty & (gen << 8)
	empty &= empty << 8
	gen |= empty & (gen << 16)
	empty &= empty << 16
	return gen | empty&(gen<<32)
}

func fillSouth(gen, empty Bitboard) Bitboard {
	gen |= empty & (gen >> 8)
	empty &= empty >> 8
	gen |= empty & (gen >> 16)
	empty &= empty >> 16
	return gen | empty&(gen>>32)
}

// fillEast and fillWest first take out the squares a shift would reach by
// wrapping round from the other edge.
func fillEast(gen, empty Bitboard) Bitboard {
	empty &= notFileA
	gen |= empty & (gen << 1)
	empty &= empty << 1
	gen |= empty & (gen << 2)
	empty &= empty << 2
	return gen | empty&(gen<<4)
}

func fillWest(gen, empty Bitboard) Bitboard {
	empty &= notFileH
	gen |= empty & (gen >> 1)
	empty &= empty >> 1
	gen |= empty & (gen >> 2)
	empty &= empty >> 2
	return gen | empty&(gen>>4)
}

// jumpable is the set of victims that a man of men (orthogonally next to
// it) or a king of kings (on its rank or file with only empty squares
// between) could jump as the first jump of a capture: the square right
// behind the victim on that line is empty.
func jumpable(men, kings, victims, empty Bitboard) Bitboard {
	// from* are the squares from which a piece moves onto its victim in
	// that direction: the men, and every square a king slides to.
	fromSouth, fromNorth, fromWest, fromEast := men, men, men, men
	if kings != 0 {
		fromSouth |= fillNorth(kings, empty)
		fromNorth |= fillSouth(kings, empty)
		fromWest |= fillEast(kings, empty)
		fromEast |= fillWest(kings, empty)
	}
	return victims & (North(fromSouth)&South(empty) |
		South(fromNorth)&North(empty) |
		East(fromWest)&West(empty) |
		West(fromEast)&East(empty))
}
