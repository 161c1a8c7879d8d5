// The position: one bitboard per colour plus the kings, the side to move and
// an incrementally updated Zobrist key. Positions are small values; Play
// returns a new one (copy-make).

package engine

import "fmt"

// Position is a Dameo position. The zero value is an empty board with White
// to move; build positions with StartPosition, NewPosition or the parsers.
type Position struct {
	// Four scalar words, not arrays: Go passes and returns such a struct in
	// registers, which makes copy-make several times faster.
	white Bitboard // all white pieces
	black Bitboard // all black pieces
	kings Bitboard // kings of both colours
	key   uint64   // Zobrist key; its lowest bit is the side to move
}

// farRank[c] is the rank on which colour c's men are crowned.
var farRank = [2]Bitboard{rank8, rank1}

// StartPosition is the initial position of the game.
func StartPosition() Position {
	const white Bitboard = 0x3C7EFF       // a1-h1, b2-g2, c3-f3
	const black Bitboard = 0xFF7E3C << 40 // c6-f6, b7-g7, a8-h8
	p, _ := NewPosition(white, black, 0, White)
	return p
}

// NewPosition builds a position from the squares of each colour, the subset
// of them that are kings, and the side to move. It rejects overlapping sets,
// kings that belong to no colour, men on their own far rank, and more than
// MenPerSide pieces of a colour (no game can reach that).
func NewPosition(white, black, kings Bitboard, side Color) (Position, error) {
	switch {
	case white&black != 0:
		return Position{}, fmt.Errorf("square %v holds both colours", firstSquare(white&black))
	case kings&^(white|black) != 0:
		return Position{}, fmt.Errorf("king on empty square %v", firstSquare(kings&^(white|black)))
	case popCount(white) > MenPerSide:
		return Position{}, fmt.Errorf("white has %d pieces, at most %d are possible", popCount(white), MenPerSide)
	case popCount(black) > MenPerSide:
		return Position{}, fmt.Errorf("black has %d pieces, at most %d are possible", popCount(black), MenPerSide)
	case white&^kings&rank8 != 0:
		return Position{}, fmt.Errorf("white man on %v: men cannot stand on their own far rank", firstSquare(white&^kings&rank8))
	case black&^kings&rank1 != 0:
		return Position{}, fmt.Errorf("black man on %v: men cannot stand on their own far rank", firstSquare(black&^kings&rank1))
	case side > Black:
		return Position{}, fmt.Errorf("bad side to move %d", side)
	}
	p := Position{white: white, black: black, kings: kings, key: uint64(side)}
	p.key = p.computeKey()
	return p, nil
}

// SideToMove is the colour whose turn it is.
func (p *Position) SideToMove() Color { return p.side() }

func (p *Position) side() Color { return Color(p.key & 1) }

// Key is the position's Zobrist hash.
func (p *Position) Key() uint64 { return p.key }

// Pieces is the set of all pieces of colour c.
func (p *Position) Pieces(c Color) Bitboard {
	if c == White {
		return p.white
	}
	return p.black
}

// sides are the pieces of the side to move and of its opponent.
func (p *Position) sides() (own, enemy Bitboard) {
	if p.key&1 == 0 {
		return p.white, p.black
	}
	return p.black, p.white
}

// Men is the set of men of colour c.
func (p *Position) Men(c Color) Bitboard { return p.Pieces(c) &^ p.kings }

// Kings is the set of kings of colour c.
func (p *Position) Kings(c Color) Bitboard { return p.Pieces(c) & p.kings }

// Occupied is the set of all occupied squares.
func (p *Position) Occupied() Bitboard { return p.white | p.black }

// Play returns the position after move m, which must be legal in p.
func (p *Position) Play(m Move) Position {
	us := p.side()
	fromSq, toSq := m.From&63, m.To&63
	from, to := Bitboard(1)<<fromSq, Bitboard(1)<<toSq
	q := *p
	if us == White {
		q.white = q.white&^from | to
		q.black &^= m.Captured
	} else {
		q.black = q.black&^from | to
		q.white &^= m.Captured
	}
	if p.kings&from != 0 {
		q.kings = q.kings&^from | to
		q.key ^= zobristPiece[us][king][fromSq] ^ zobristPiece[us][king][toSq]
	} else if to&farRank[us] != 0 {
		q.kings |= to
		q.key ^= zobristPiece[us][man][fromSq] ^ zobristPiece[us][king][toSq]
	} else {
		q.key ^= zobristPiece[us][man][fromSq] ^ zobristPiece[us][man][toSq]
	}
	if c := m.Captured; c != 0 {
		them := us ^ 1
		for k := c & p.kings; k != 0; k &= k - 1 {
			q.key ^= zobristPiece[them][king][firstSquare(k)&63]
		}
		for k := c &^ p.kings; k != 0; k &= k - 1 {
			q.key ^= zobristPiece[them][man][firstSquare(k)&63]
		}
		q.kings &^= c
	}
	q.key ^= zobristSide
	return q
}

// IsManMove reports whether m moves a man (an irreversible move).
func (p *Position) IsManMove(m Move) bool { return p.kings&(1<<m.From) == 0 }
