// The FEN form of a position, as PlayStrategy writes Dameo positions (the
// draughts FEN of PDN with square names): "W:Wa1,b1,...:Ba8,...:H0:F1" is
// the side to move, White's pieces, Black's pieces (a king's square with
// the prefix K), the halfmove clock H and the fullmove number F.

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the FEN form of the start position, as PlayStrategy writes it.
const StartFEN = "W:Wa1,b1,b2,c1,c2,c3,d1,d2,d3,e1,e2,e3,f1,f2,f3,g1,g2,h1:Ba8,b7,b8,c6,c7,c8,d6,d7,d8,e6,e7,e8,f6,f7,f8,g7,g8,h8:H0:F1"

// maxFENClock bounds the halfmove clock and the fullmove number a FEN may
// give: far beyond any game, and small enough for any arithmetic on them.
const maxFENClock = 1 << 30

// IsFEN reports whether text is in the FEN form rather than position text
// (which never holds a ':').
func IsFEN(text string) bool { return strings.Contains(text, ":") }

// ParseFEN reads the FEN form: the side to move ('W' or 'B'), the two
// piece lists in either order (each a colour letter and comma-separated
// squares, "Kd4" for a king), then optionally "H<halfmove clock>" and
// "F<fullmove number>". The clocks are checked and not kept: a Position
// has none. A king written "d4.k", as PlayStrategy's first version of the
// form did, is read too.
func ParseFEN(text string) (Position, error) {
	fields := strings.Split(strings.TrimSpace(text), ":")
	if len(fields) < 3 {
		return Position{}, fmt.Errorf("FEN %q: want side:Wsquares:Bsquares[:Hn:Fn]", text)
	}
	side, ok := sideLetter(fields[0], "W", "B")
	if !ok {
		return Position{}, fmt.Errorf("FEN: bad side to move %q (want 'W' or 'B')", fields[0])
	}
	var pieces [2]Bitboard
	var kings Bitboard
	var listed [2]bool
	for _, f := range fields[1:3] {
		var c Color
		switch {
		case strings.HasPrefix(f, "W"):
			c = White
		case strings.HasPrefix(f, "B"):
			c = Black
		default:
			return Position{}, fmt.Errorf("FEN: piece list %q does not start with 'W' or 'B'", f)
		}
		if listed[c] {
			return Position{}, fmt.Errorf("FEN: two piece lists for %v", c)
		}
		listed[c] = true
		for _, token := range strings.Split(f[1:], ",") {
			if token == "" { // "W" alone, or a stray comma: PlayStrategy skips them too
				continue
			}
			name, king := strings.CutPrefix(token, "K")
			if short, ok := strings.CutSuffix(name, ".k"); ok && !king {
				name, king = short, true // the king's mark of PlayStrategy's first Dameo FEN
			}
			sq, err := ParseSquare(name)
			if err != nil {
				return Position{}, fmt.Errorf("FEN: bad piece %q in %v's list (want a square such as d4, or Kd4 for a king)", token, c)
			}
			b := Bitboard(1) << sq
			if (pieces[White]|pieces[Black])&b != 0 {
				return Position{}, fmt.Errorf("FEN: square %v listed twice", sq)
			}
			pieces[c] |= b
			if king {
				kings |= b
			}
		}
	}
	if _, _, err := fenClocks(fields[3:]); err != nil {
		return Position{}, err
	}
	return NewPosition(pieces[White], pieces[Black], kings, side)
}

// FENClocks is the halfmove clock and the fullmove number of a FEN text
// that ParseFEN reads (0 and 1 where the text has none).
func FENClocks(text string) (halfmoves, fullmove int, err error) {
	fields := strings.Split(strings.TrimSpace(text), ":")
	if len(fields) < 3 {
		return 0, 0, fmt.Errorf("FEN %q: want side:Wsquares:Bsquares[:Hn:Fn]", text)
	}
	return fenClocks(fields[3:])
}

// fenClocks reads the fields after the piece lists: an optional "H<n>"
// (n ≥ 0) and then an optional "F<n>" (n ≥ 1).
func fenClocks(fields []string) (halfmoves, fullmove int, err error) {
	clocks := [2]int{0, 1}
	next := 0
	for i, clock := range []struct {
		letter string
		least  int
		what   string
	}{{"H", 0, "halfmove clock"}, {"F", 1, "fullmove number"}} {
		if next == len(fields) || !strings.HasPrefix(fields[next], clock.letter) {
			continue
		}
		n, err := strconv.Atoi(fields[next][1:])
		if err != nil || n < clock.least || n > maxFENClock || fields[next][1:] != strconv.Itoa(n) {
			return 0, 0, fmt.Errorf("FEN: bad %s %q (want %s%d to %s%d)", clock.what, fields[next], clock.letter, clock.least, clock.letter, maxFENClock)
		}
		clocks[i] = n
		next++
	}
	if next < len(fields) {
		return 0, 0, fmt.Errorf("FEN: unexpected field %q (after the piece lists only H<n> and F<n>)", fields[next])
	}
	return clocks[0], clocks[1], nil
}

// FEN is p in the FEN form, with the halfmove clock 0 and the fullmove
// number 1 (a position knows neither).
func (p Position) FEN() string { return p.fenWithClocks(0, 1) }

// fenWithClocks is p in the FEN form with the given clocks.
func (p Position) fenWithClocks(halfmoves, fullmove int) string {
	var sb strings.Builder
	side := "W:"
	if p.side() == Black {
		side = "B:"
	}
	sb.WriteString(side)
	p.writeFENList(&sb, 'W', p.white)
	sb.WriteByte(':')
	p.writeFENList(&sb, 'B', p.black)
	fmt.Fprintf(&sb, ":H%d:F%d", halfmoves, fullmove)
	return sb.String()
}

// writeFENList writes a piece list as PlayStrategy orders it: the tokens
// sorted as text, so the kings ("K...") first, each group by square name
// (a1, a2, ..., b1, ...).
func (p *Position) writeFENList(sb *strings.Builder, letter byte, pieces Bitboard) {
	sb.WriteByte(letter)
	first := true
	for _, kings := range []bool{true, false} {
		for file := 0; file < 8; file++ {
			for rank := 0; rank < 8; rank++ {
				s := Square(8*rank + file)
				b := Bitboard(1) << s
				if pieces&b == 0 || (p.kings&b != 0) != kings {
					continue
				}
				if !first {
					sb.WriteByte(',')
				}
				first = false
				if kings {
					sb.WriteByte('K')
				}
				sb.WriteString(s.String())
			}
		}
	}
}

// FEN is the current position of the game in the FEN form, with the
// plies without capture or man move as the halfmove clock and the
// fullmove number counted from the start (move 1, White or Black to move).
func (g *Game) FEN() string { return g.FENFrom(0, 1) }

// FENFrom is the game's FEN as FEN, but with the clocks counted on from the
// start position's halfmove clock and fullmove number (those of a FEN the
// game started from, FENClocks).
func (g *Game) FENFrom(halfmoves, fullmove int) string {
	plies := len(g.moves)
	if g.positions[0].side() == Black {
		plies++
	}
	noProgress := g.NoProgressPlies()
	if noProgress == len(g.moves) { // no capture or man move since the start
		noProgress += halfmoves
	}
	return g.Position().fenWithClocks(noProgress, fullmove+plies/2)
}
