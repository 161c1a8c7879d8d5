// The rules seen by retrograde analysis (endgame-table generation): White's
// moves, their effect and their un-moves on bare piece sets with White to
// move, without a side-to-move bit or a hash key.

package engine

// WhiteHasCapture reports whether White, to move with these pieces (white
// pieces, black pieces, the kings of both), has a capture, which is then
// compulsory.
func WhiteHasCapture(white, black, kings Bitboard) bool {
	p := Position{white: white, black: black, kings: kings}
	return p.HasCapture()
}

// WhiteMoves fills l with White's legal moves in the position of these
// pieces, White to move: the captures allowed by the majority rule when
// there is one (and then reports true), else every quiet move.
func WhiteMoves(white, black, kings Bitboard, l *MoveList) (captures bool) {
	p := Position{white: white, black: black, kings: kings}
	l.Len = 0
	if p.HasCapture() {
		p.generateCaptures(l)
		return true
	}
	p.generateQuiet(l)
	return false
}

// WhiteMovesCounted is WhiteMoves for a caller that needs the quiet
// moves that do not crown only counted: it fills l with the captures when
// there is one (and then reports true), else with the crowning moves, and
// returns the number of the other quiet moves, counted without listing
// them.
func WhiteMovesCounted(white, black, kings Bitboard, l *MoveList) (others int, captures bool) {
	p := Position{white: white, black: black, kings: kings}
	l.Len = 0
	if p.HasCapture() {
		p.generateCaptures(l)
		return 0, true
	}
	// A crowning move, step or linear move, ends in front of a man on rank 7.
	men, crowningSquares, n := white&^kings, ^(white|black)&rank8, 0
	if men&(rank8>>8) != 0 {
		n = addMenMoves(&l.Moves, 0, White, men, crowningSquares, northMask, northDelta)
		n = addMenMoves(&l.Moves, n, White, men, crowningSquares, northEastMask, northEastDelta)
		n = addMenMoves(&l.Moves, n, White, men, crowningSquares, northWestMask, northWestDelta)
	}
	l.Len = n
	return p.countQuiet() - n, false
}

// WhitePlay is the pieces after White plays m, a legal move of White in
// the position of these pieces: Play without the side to move and the key.
func WhitePlay(white, black, kings Bitboard, m Move) (Bitboard, Bitboard, Bitboard) {
	from, to := Bitboard(1)<<(m.From&63), Bitboard(1)<<(m.To&63)
	white = white&^from | to
	black &^= m.Captured
	switch {
	case kings&from != 0:
		kings = kings&^from | to
	case to&rank8 != 0:
		kings |= to
	}
	return white, black, kings &^ m.Captured
}

// WhiteUnmoveSources is the set of squares from which White's piece on
// to came by a quiet move that does not crown, in the position of these
// pieces (White has just moved): a man from the square behind it or from
// behind the unbroken line of white men behind it (a linear move), a king
// from any square it could slide to. The move m from such a square leads
// from the position WhiteUnplay gives back to this one; it is legal there
// exactly when White has no capture there (WhiteHasCapture), which the
// caller checks.
func WhiteUnmoveSources(white, black, kings Bitboard, to Square) Bitboard {
	occupied := white | black
	if kings&(1<<(to&63)) != 0 {
		return kingTargets(to, occupied)
	}
	// Behind it along the three forward directions of men (gen.go).
	men, at := white&^kings, Bitboard(1)<<(to&63)
	return (behindLine(at, men, northMask, northDelta) | behindLine(at, men, northEastMask, northEastDelta) |
		behindLine(at, men, northWestMask, northWestDelta)) &^ occupied
}

// behindLine is the first square that is not one of men, walking back from
// the square at against a man's forward step (mask, delta of gen.go: the
// squares that may step that way and the step's change of square index),
// or 0 past the edge of the board.
func behindLine(at, men, mask Bitboard, delta uint) Bitboard {
	from := at >> (delta & 63) & mask
	for from&men != 0 {
		from = from >> (delta & 63) & mask
	}
	return from
}

// WhiteUnplay is the pieces before White played m, an un-move (from a
// square of WhiteUnmoveSources) in the position of these pieces.
func WhiteUnplay(white, black, kings Bitboard, m Move) (Bitboard, Bitboard, Bitboard) {
	moved := Bitboard(1)<<(m.From&63) | Bitboard(1)<<(m.To&63)
	if kings&(1<<(m.To&63)) != 0 {
		kings ^= moved
	}
	return white ^ moved, black, kings
}
