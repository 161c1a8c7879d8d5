// Capture generation: orthogonal man jumps and king long leaps, continued
// while possible, with delayed removal (jumped pieces stay and block), the
// start square counting as empty, and the majority rule over all pieces.

package engine

// orthogonal lists the four capture directions.
var orthogonal = [4]direction{north, south, east, west}

// jumpOver[d][s] and jumpLand[d][s] are the square a man on s jumps in
// direction d and the square it lands on (0 when off the board).
var jumpOver, jumpLand [numDirections][64]Bitboard

func init() {
	for _, d := range orthogonal {
		for s := 0; s < 64; s++ {
			over := shift(1<<s, d)
			jumpOver[d][s] = over
			jumpLand[d][s] = shift(over, d)
			if jumpLand[d][s] == 0 {
				jumpOver[d][s] = 0
			}
		}
	}
}

// HasCapture reports whether the side to move has a capture (and so must capture).
func (p *Position) HasCapture() bool {
	own, enemy := p.sides()
	return jumpable(own&^p.kings, own&p.kings, enemy, ^(own|enemy)) != 0
}

// countCaptures is the number of legal captures. When the side has no
// kings and no man can jump a second time, every single jump is a legal
// move of its own, and they are counted without listing them.
func (p *Position) countCaptures(scratch *MoveList) int {
	own, enemy := p.sides()
	if own&p.kings == 0 {
		empty := ^(own | enemy)
		n := 0
		again := false
		for _, d := range orthogonal {
			landings := shift(shift(own, d)&enemy, d) & empty
			if landings == 0 {
				continue
			}
			n += popCount(landings)
			// A second jump can only go sideways or on: straight back is
			// the piece just taken, and the start square lies behind it.
			for _, d2 := range orthogonal {
				if d2 != opposite[d] && shift(shift(landings, d2)&enemy, d2)&empty != 0 {
					again = true
				}
			}
		}
		if !again {
			return n
		}
	}
	scratch.Len = 0
	p.generateCaptures(scratch)
	return scratch.Len
}

// captureGen holds the state shared by the capture searches of one position.
type captureGen struct {
	list     *MoveList
	best     int      // most pieces taken by any sequence found so far
	from     Square   // start square of the piece now capturing
	enemy    Bitboard // enemy pieces
	occupied Bitboard // occupied squares without the capturing piece
}

// generateCaptures fills l with the capture moves allowed by the majority rule.
func (p *Position) generateCaptures(l *MoveList) {
	own, enemy := p.sides()
	g := captureGen{list: l, enemy: enemy}
	all := own | enemy
	// Only the men with a first jump are searched: a man jumps toward d
	// when the square next to it that way holds an enemy piece and the one
	// beyond is empty.
	var jumpers Bitboard
	for _, d := range orthogonal {
		back := opposite[d]
		jumpers |= shift(shift(^all, back)&enemy, back)
	}
	for b := own &^ p.kings & jumpers; b != 0; b &= b - 1 {
		g.from = firstSquare(b)
		g.occupied = all &^ (1 << g.from)
		g.manJumps(g.from, 0, 0)
	}
	for b := own & p.kings; b != 0; b &= b - 1 {
		g.from = firstSquare(b)
		g.occupied = all &^ (1 << g.from)
		g.kingLeaps(g.from, 0, 0)
	}
}

// manJumps continues a man's capture from s, having taken captured (n pieces).
func (g *captureGen) manJumps(s Square, captured Bitboard, n int) {
	found := false
	for _, d := range orthogonal {
		over := jumpOver[d][s]
		if over&g.enemy&^captured == 0 || jumpLand[d][s]&g.occupied != 0 {
			continue
		}
		found = true
		g.manJumps(firstSquare(jumpLand[d][s]), captured|over, n+1)
	}
	if !found && n > 0 {
		g.add(s, captured, n)
	}
}

// kingLeaps continues a king's capture from s, having taken captured (n pieces).
func (g *captureGen) kingLeaps(s Square, captured Bitboard, n int) {
	found := false
	victims, takeable := orthogonalBlockers(s, g.occupied), g.enemy&^captured
	// Tested at once first: most squares a capture comes to have no piece
	// left to take.
	if (victims[0]|victims[1]|victims[2]|victims[3])&takeable != 0 {
		for i, d := range orthogonal {
			victim := victims[i]
			if victim&takeable == 0 {
				continue // edge, own piece, or a piece already taken
			}
			landings := emptyRay(firstSquare(victim), d, g.occupied)
			for ; landings != 0; landings &= landings - 1 {
				found = true
				g.kingLeaps(firstSquare(landings), captured|victim, n+1)
			}
		}
	}
	if !found && n > 0 {
		g.add(s, captured, n)
	}
}

// add records a finished capture sequence under the majority rule, once per
// (start, final square, captured set).
func (g *captureGen) add(to Square, captured Bitboard, n int) {
	if n < g.best {
		return
	}
	if n > g.best {
		g.best = n
		g.list.Len = 0
	}
	m := Move{From: g.from, To: to, Captured: captured}
	for _, old := range g.list.Slice() {
		if old == m {
			return
		}
	}
	g.list.add(m)
}
