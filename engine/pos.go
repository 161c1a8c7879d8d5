// The position: one bitboard per colour plus the kings, the side to move and
// an incrementally updated Zobrist key. Positions are small values; Play
// returns a new one (copy-make).
package engine

import "fmt"

// Position is a Dameo position. The zero value is an empty board with White
// to move; build positions with StartPosition, NewPosition or the parsers.
type Position struct {
	pieces [2]Bitboard // all pieces of each colour
	kings  Bitboard    // kings of both colours
	side   Color
	key    uint64
}

// forward[c] lists the three forward directions of colour c's men.
var forward = [2][3]direction{
	{north, northEast, northWest},
	{south, southEast, southWest},
}

// farRank[c] is the rank on which colour c's men are crowned.
var farRank = [2]Bitboard{rank8, rank1}

// StartPosition is the initial position of the game.
func StartPosition() Position {
	const white Bitboard = 0x3C7EFF     // a1-h1, b2-g2, c3-f3
	const black Bitboard = 0xFF7E3C << 40 // c6-f6, b7-g7, a8-h8
	p, _ := NewPosition(white, black, 0, White)
	return p
}

// NewPosition builds a position from the squares of each colour, the subset
// of them that are kings, and the side to move. It rejects overlapping sets,
// kings that belong to no colour and men on their own far rank.
func NewPosition(white, black, kings Bitboard, side Color) (Position, error) {
	switch {
	case white&black != 0:
		return Position{}, fmt.Errorf("square %v holds both colours", firstSquare(white&black))
	case kings&^(white|black) != 0:
		return Position{}, fmt.Errorf("king on empty square %v", firstSquare(kings&^(white|black)))
	case white&^kings&rank8 != 0:
		return Position{}, fmt.Errorf("white man on %v: men cannot stand on their own far rank", firstSquare(white&^kings&rank8))
	case black&^kings&rank1 != 0:
		return Position{}, fmt.Errorf("black man on %v: men cannot stand on their own far rank", firstSquare(black&^kings&rank1))
	case side > Black:
		return Position{}, fmt.Errorf("bad side to move %d", side)
	}
	p := Position{pieces: [2]Bitboard{white, black}, kings: kings, side: side}
	p.key = p.computeKey()
	return p, nil
}

// SideToMove is the colour whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// Key is the position's Zobrist hash.
func (p *Position) Key() uint64 { return p.key }

// Pieces is the set of all pieces of colour c.
func (p *Position) Pieces(c Color) Bitboard { return p.pieces[c] }

// Men is the set of men of colour c.
func (p *Position) Men(c Color) Bitboard { return p.pieces[c] &^ p.kings }

// Kings is the set of kings of colour c.
func (p *Position) Kings(c Color) Bitboard { return p.pieces[c] & p.kings }

// Occupied is the set of all occupied squares.
func (p *Position) Occupied() Bitboard { return p.pieces[White] | p.pieces[Black] }

// Play returns the position after move m, which must be legal in p.
func (p *Position) Play(m Move) Position {
	us, them := p.side, p.side^1
	from, to := Bitboard(1)<<m.From, Bitboard(1)<<m.To
	q := *p
	q.pieces[us] = q.pieces[us]&^from | to
	kind := man
	if p.kings&from != 0 {
		kind = king
		q.kings = q.kings&^from | to
	}
	q.key ^= zobristPiece[us][kind][m.From]
	if kind == man && to&farRank[us] != 0 {
		q.kings |= to
		kind = king
	}
	q.key ^= zobristPiece[us][kind][m.To]
	if c := m.Captured; c != 0 {
		q.pieces[them] &^= c
		for k := c & p.kings; k != 0; k &= k - 1 {
			q.key ^= zobristPiece[them][king][firstSquare(k)]
		}
		for k := c &^ p.kings; k != 0; k &= k - 1 {
			q.key ^= zobristPiece[them][man][firstSquare(k)]
		}
		q.kings &^= c
	}
	q.side = them
	q.key ^= zobristSide
	return q
}

// IsManMove reports whether m moves a man (an irreversible move).
func (p *Position) IsManMove(m Move) bool { return p.kings&(1<<m.From) == 0 }
