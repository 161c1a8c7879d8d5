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
	var l MoveList
	return p.countMoves(&l)
}

// countMoves is CountMoves with a caller's scratch list for captures.
func (p *Position) countMoves(scratch *MoveList) int {
	if p.HasCapture() {
		scratch.Len = 0
		p.generateCaptures(scratch)
		return scratch.Len
	}
	return p.countQuiet()
}

// Forward steps of men: the three forward directions (straight, towards
// file h, towards file a) as a mask of squares that may move that way and a
// shift, left for White and right for Black.
var (
	forwardMask  = [3]Bitboard{^Bitboard(0), notFileH, notFileA}
	forwardShift = [2][3]uint8{{8, 9, 7}, {8, 7, 9}}
)

// forwardStep moves the squares of b one step in forward direction k of
// colour us.
func forwardStep(b Bitboard, us Color, k int) Bitboard {
	if us == White {
		return (b & forwardMask[k]) << forwardShift[White][k]
	}
	return (b & forwardMask[k]) >> forwardShift[Black][k]
}

// generateQuiet adds every step, linear move and king slide of the side to move.
func (p *Position) generateQuiet(l *MoveList) {
	us := p.side()
	own, enemy := p.sides()
	men := own &^ p.kings
	empty := ^(own | enemy)
	for k := range 3 {
		back := Square(delta[forward[us][k]]) // unsigned wrap-around makes subtraction work
		for t := forwardStep(men, us, k) & empty; t != 0; t &= t - 1 {
			to := firstSquare(t)
			l.add(Move{From: to - back, To: to})
		}
		line := forwardStep(men, us, k) & men
		for n := Square(2); line != 0; n++ {
			for t := forwardStep(line, us, k) & empty; t != 0; t &= t - 1 {
				to := firstSquare(t)
				l.add(Move{From: to - n*back, To: to})
			}
			line = forwardStep(line, us, k) & men
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
	for k := range 3 {
		n += popCount(forwardStep(men, us, k) & empty)
		for line := forwardStep(men, us, k) & men; line != 0; line = forwardStep(line, us, k) & men {
			n += popCount(forwardStep(line, us, k) & empty)
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
