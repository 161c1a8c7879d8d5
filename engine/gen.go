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
	if p.HasCapture() {
		var l MoveList
		p.generateCaptures(&l)
		return l.Len
	}
	return p.countQuiet()
}

// generateQuiet adds every step, linear move and king slide of the side to move.
func (p *Position) generateQuiet(l *MoveList) {
	us := p.side()
	own, enemy := p.sides()
	men := own &^ p.kings
	empty := ^(own | enemy)
	for _, d := range forward[us] {
		back := Square(delta[d]) // unsigned wrap-around makes subtraction work
		for t := shift(men, d) & empty; t != 0; t &= t - 1 {
			to := firstSquare(t)
			l.add(Move{From: to - back, To: to})
		}
		line := shift(men, d) & men
		for k := Square(2); line != 0; k++ {
			for t := shift(line, d) & empty; t != 0; t &= t - 1 {
				to := firstSquare(t)
				l.add(Move{From: to - k*back, To: to})
			}
			line = shift(line, d) & men
		}
	}
	occupied := ^empty
	for k := own & p.kings; k != 0; k &= k - 1 {
		from := firstSquare(k)
		for t := kingTargets(from, occupied); t != 0; t &= t - 1 {
			l.add(Move{From: from, To: firstSquare(t)})
		}
	}
}

// countQuiet is the number of quiet moves, as generateQuiet would list them.
func (p *Position) countQuiet() int {
	us := p.side()
	own, enemy := p.sides()
	men := own &^ p.kings
	empty := ^(own | enemy)
	n := 0
	for _, d := range forward[us] {
		n += popCount(shift(men, d) & empty)
		for line := shift(men, d) & men; line != 0; line = shift(line, d) & men {
			n += popCount(shift(line, d) & empty)
		}
	}
	occupied := ^empty
	for k := own & p.kings; k != 0; k &= k - 1 {
		n += popCount(kingTargets(firstSquare(k), occupied))
	}
	return n
}

// kingTargets is the set of squares a king on s can slide to.
func kingTargets(s Square, occupied Bitboard) Bitboard {
	var t Bitboard
	for d := direction(0); d < numDirections; d++ {
		empty, _ := rayTo(s, d, occupied)
		t |= empty
	}
	return t
}
