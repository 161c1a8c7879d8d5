// Occluded fills (Kogge-Stone): the squares that every piece of a set
// reaches along one orthogonal direction through empty squares, for all
// pieces at once and without a loop over them; and from them the pieces
// that men and kings could jump first.

package engine

// fillUp is gen with every square reached from gen through the squares
// of empty added, stepping step squares up the board at a time (8 north,
// 1 east); fillDown steps down. Three doubling steps cover the seven
// squares a ray can have. East and west first take out of empty the squares
// a step would reach by wrapping round from the other edge.
func fillUp(gen, empty Bitboard, step uint) Bitboard {
	gen |= empty & (gen << step)
	empty &= empty << step
	gen |= empty & (gen << (2 * step))
	return gen | empty&(empty<<(2*step))&(gen<<(4*step))
}

func fillDown(gen, empty Bitboard, step uint) Bitboard {
	gen |= empty & (gen >> step)
	empty &= empty >> step
	gen |= empty & (gen >> (2 * step))
	return gen | empty&(empty>>(2*step))&(gen>>(4*step))
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
		fromSouth |= fillUp(kings, empty, 8)
		fromNorth |= fillDown(kings, empty, 8)
		fromWest |= fillUp(kings, empty&notFileA, 1)
		fromEast |= fillDown(kings, empty&notFileH, 1)
	}
	return victims & (North(fromSouth)&South(empty) |
		South(fromNorth)&North(empty) |
		East(fromWest)&West(empty) |
		West(fromEast)&East(empty))
}
