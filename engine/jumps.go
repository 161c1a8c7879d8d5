// Following a capture one jump at a time, as online servers transmit it:
// whether the jumps so far complete a legal move, or can still grow into one.

package engine

// FollowJumps follows a capture given jump by jump: path is the capturing
// piece's start square followed by its landing squares so far. It returns
// the legal move that path completes (NoMove when it completes none) and
// whether path is the beginning of a legal capture that needs more jumps.
// A path that is neither is not the start of any legal move of p. A
// complete move never continues (a capture ends only when no jump is
// left), so at most one of the two answers is positive.
func (p *Position) FollowJumps(path []Square) (done Move, more bool) {
	if len(path) < 2 {
		return NoMove, false
	}
	var l MoveList
	p.GenerateMoves(&l)
	if l.Len == 0 || l.Moves[0].Captured == 0 {
		return NoMove, false
	}
	taken, err := p.followPath(path)
	if err != nil {
		return NoMove, false
	}
	from, at := path[0], path[len(path)-1]
	if m := (Move{From: from, To: at, Captured: taken}); l.Contains(m) {
		return m, false
	}
	_, enemy := p.sides()
	c := continuation{
		legal:    &l,
		from:     from,
		isKing:   p.kings&(1<<from) != 0,
		enemy:    enemy,
		occupied: p.Occupied() &^ (1 << from),
	}
	return NoMove, c.reaches(at, taken)
}

// continuation searches the ways a capture in progress can go on.
type continuation struct {
	legal    *MoveList // the legal moves of the position
	from     Square    // the capturing piece's start square
	isKing   bool
	enemy    Bitboard
	occupied Bitboard // occupied squares without the capturing piece
}

// reaches reports whether the capture standing on s, having taken taken,
// can go on to end as one of the legal moves.
func (c *continuation) reaches(s Square, taken Bitboard) bool {
	jumped := false
	for _, d := range orthogonal {
		var victim, landings Bitboard
		if c.isKing {
			victim = blockerOf(s, d, c.occupied)
			if victim != 0 {
				landings = emptyRay(firstSquare(victim), d, c.occupied)
			}
		} else {
			victim, landings = jumpOver[d][s], jumpLand[d][s]&^c.occupied
		}
		if victim&c.enemy&^taken == 0 {
			continue
		}
		for ; landings != 0; landings &= landings - 1 {
			jumped = true
			if c.reaches(firstSquare(landings), taken|victim) {
				return true
			}
		}
	}
	return !jumped && taken != 0 && c.legal.Contains(Move{From: c.from, To: s, Captured: taken})
}
