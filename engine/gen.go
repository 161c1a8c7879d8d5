// Move generation without capture: steps and linear (phalanx) moves of men,
// slides of kings; plus the fast counters used by bulk perft.

package engine

// GenerateMoves fills l with all legal moves of p (captures under the
// majority rule when any capture exists, else all quiet moves).
func (p *Position) GenerateMoves(l *MoveList) {
	l.Len = 0
	if p.HasCapture() {
		p.generateCaptures(l)
		return
	}
	p.generateQuiet(l)
}

// GenerateCaptures fills l with the captures of p allowed by the majority
// rule; l is empty when p has none. It and GenerateQuiet are GenerateMoves
// for a caller that has already asked HasCapture.
func (p *Position) GenerateCaptures(l *MoveList) {
	l.Len = 0
	p.generateCaptures(l)
}

// GenerateQuiet fills l with the moves of p without capture: its legal
// moves when p has no capture.
func (p *Position) GenerateQuiet(l *MoveList) {
	l.Len = 0
	p.generateQuiet(l)
}

// LegalMoves returns the legal moves of p in a new slice (convenient, not
// for hot paths).
func (p *Position) LegalMoves() []Move {
	var l MoveList
	p.GenerateMoves(&l)
	return append([]Move(nil), l.Slice()...)
}

// CountMoves is the number of legal moves of p; quiet moves are counted
// with population counts, without listing them.
func (p *Position) CountMoves() int {
	var l MoveList
	return p.countMoves(&l)
}

// countMoves is CountMoves with a caller's scratch list for captures.
func (p *Position) countMoves(scratch *MoveList) int {
	if p.HasCapture() {
		return p.countCaptures(scratch)
	}
	return p.countQuiet()
}

// Men's moves are generated as White's, toward rank 8: Black's men are
// first mirrored top to bottom (ranks reversed, a byte swap), and their
// squares mirrored back (s ^ 56), so every shift below is a constant.

// orientSquare mirrors s top to bottom for Black.
func orientSquare(s Square, us Color) Square {
	if us == Black {
		return s ^ 56
	}
	return s
}

// The forward directions of oriented men: the squares that may step that
// way, and the step's change of square index.
const (
	northMask, northDelta         = ^Bitboard(0), 8
	northEastMask, northEastDelta = notFileH, 9
	northWestMask, northWestDelta = notFileA, 7
)

// generateQuiet adds every step, linear move and king slide of the side to
// move. The list's length is kept in a local variable and written once: a
// store of a move through the list could otherwise be taken to change it.
func (p *Position) generateQuiet(l *MoveList) {
	us := p.side()
	own, enemy := p.sides()
	men, empty := Orient(own&^p.kings, us), Orient(^(own|enemy), us)
	n := l.Len
	n = addMenMoves(&l.Moves, n, us, men, empty, northMask, northDelta)
	n = addMenMoves(&l.Moves, n, us, men, empty, northEastMask, northEastDelta)
	n = addMenMoves(&l.Moves, n, us, men, empty, northWestMask, northWestDelta)
	occupied := own | enemy
	for k := own & p.kings; k != 0; k &= k - 1 {
		from := firstSquare(k)
		for t := kingTargets(from, occupied); t != 0; t &= t - 1 {
			n = put(&l.Moves, n, Move{From: from, To: firstSquare(t)})
		}
	}
	l.Len = n
}

// addMenMoves adds the steps and linear moves of men (oriented as White's)
// in the direction that adds delta to a square index, from squares in mask,
// to the n moves of moves, and returns the new count.
func addMenMoves(moves *[MaxMoves]Move, n int, us Color, men, empty, mask Bitboard, delta Square) int {
	step := func(b Bitboard) Bitboard { return (b & mask) << (delta & 63) }
	for t := step(men) & empty; t != 0; t &= t - 1 {
		to := firstSquare(t)
		n = put(moves, n, Move{From: orientSquare(to-delta, us), To: orientSquare(to, us)})
	}
	line := step(men) & men
	for k := Square(2); line != 0; k++ {
		for t := step(line) & empty; t != 0; t &= t - 1 {
			to := firstSquare(t)
			n = put(moves, n, Move{From: orientSquare(to-k*delta, us), To: orientSquare(to, us)})
		}
		line = step(line) & men
	}
	return n
}

// countQuiet is the number of quiet moves, as generateQuiet would list them.
func (p *Position) countQuiet() int {
	us := p.side()
	own, enemy := p.sides()
	men, empty := Orient(own&^p.kings, us), Orient(^(own|enemy), us)
	n := countMenMoves(men, empty, northMask, northDelta) +
		countMenMoves(men, empty, northEastMask, northEastDelta) +
		countMenMoves(men, empty, northWestMask, northWestDelta)
	occupied := own | enemy
	for k := own & p.kings; k != 0; k &= k - 1 {
		n += popCount(kingTargets(firstSquare(k), occupied))
	}
	return n
}

// countMenMoves counts the steps and linear moves of men (oriented as
// White's) in the direction that adds delta to a square index, from squares
// in mask.
func countMenMoves(men, empty, mask Bitboard, delta uint) int {
	n := popCount((men & mask) << (delta & 63) & empty)
	for line := (men & mask) << (delta & 63) & men; line != 0; line = (line & mask) << (delta & 63) & men {
		n += popCount((line & mask) << (delta & 63) & empty)
	}
	return n
}

// HasQuietMove reports whether the side to move has a move without capture
// (it may still be obliged to capture). Linear moves need no test of their
// own: the front man of the line could step onto the square the move lands
// on.
func (p *Position) HasQuietMove() bool { return p.steps() != 0 }

// steps is the set of empty squares a piece of the side to move can step
// to: a man one square forward or diagonally forward, a king to any
// neighbouring square.
func (p *Position) steps() Bitboard {
	us := p.side()
	own, enemy := p.sides()
	empty := ^(own | enemy)
	men := Orient(own&^p.kings, us)
	t := Orient((men&northMask)<<northDelta|(men&northEastMask)<<northEastDelta|(men&northWestMask)<<northWestDelta, us)
	k := own & p.kings
	t |= k<<8 | k>>8 | (k&notFileH)<<1 | (k&notFileA)>>1 |
		(k&notFileH)<<9 | (k&notFileA)<<7 | (k&notFileH)>>7 | (k&notFileA)>>9
	return t & empty
}
