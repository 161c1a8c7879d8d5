// Position text (docs/rules.md) and the Hub position form (docs/protocol.md pos=):
// parsing with errors that say what is wrong (the FEN form too), and formatting.

package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// StartText is the position text of the start position.
const StartText = "bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww w"

// ParsePosition reads a position in either form: position text,
// "<board> <side>" with the board as ranks 8 to 1 separated by '/', each
// rank from file a to h, or the FEN form PlayStrategy writes (ParseFEN).
func ParsePosition(text string) (Position, error) {
	if IsFEN(text) {
		return ParseFEN(text)
	}
	fields := strings.Fields(text)
	switch len(fields) {
	case 0:
		return Position{}, fmt.Errorf("empty position text")
	case 1:
		if strings.Contains(fields[0], "/") && strings.Trim(fields[0], "/12345678wWbB") == "" {
			return Position{}, fmt.Errorf("missing side to move after the board (want 'w' or 'b')")
		}
		return Position{}, fmt.Errorf("%q is not position text: want the board, 8 ranks of w, W, b, B and digits separated by '/' (as 8/8/8/8/3w4/8/8/8), a space and the side to move, w or b", fields[0])
	case 2:
	default:
		return Position{}, fmt.Errorf("unexpected text %q after the side to move", fields[2])
	}
	side, ok := sideLetter(fields[1], "w", "b")
	if !ok {
		return Position{}, fmt.Errorf("bad side to move %q (want 'w' or 'b')", fields[1])
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		if len(ranks) == 1 {
			return Position{}, fmt.Errorf("board has 1 rank, want 8 separated by '/'")
		}
		return Position{}, fmt.Errorf("board has %d ranks, want 8", len(ranks))
	}
	var pieces [2]Bitboard
	var kings Bitboard
	for i, r := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(r); j++ {
			c := r[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				if file > 8 {
					return Position{}, fmt.Errorf("rank %d has more than 8 squares", rank+1)
				}
				continue
			}
			if file >= 8 {
				return Position{}, fmt.Errorf("rank %d has more than 8 squares", rank+1)
			}
			if !placePiece(c, Bitboard(1)<<(8*rank+file), &pieces, &kings) {
				return Position{}, fmt.Errorf("unknown character %s in rank %d", quoteChar(r[j:]), rank+1)
			}
			file++
		}
		if file != 8 {
			return Position{}, fmt.Errorf("rank %d has %d squares, want 8", rank+1, file)
		}
	}
	return NewPosition(pieces[White], pieces[Black], kings, side)
}

// sideLetter reads the side to move written as one letter: white or
// black ("w" and "b" in position text, "W" and "B" in the FEN and Hub
// forms). ok is false for any other text.
func sideLetter(letter, white, black string) (side Color, ok bool) {
	switch letter {
	case white:
		return White, true
	case black:
		return Black, true
	}
	return White, false
}

// placePiece puts the piece of letter c ('w' or 'b' a man, 'W' or 'B' a
// king, as position text and the Hub form write them) on square sq of
// pieces and kings. ok is false for any other letter, with nothing placed.
func placePiece(c byte, sq Bitboard, pieces *[2]Bitboard, kings *Bitboard) (ok bool) {
	switch c {
	case 'w', 'W':
		pieces[White] |= sq
	case 'b', 'B':
		pieces[Black] |= sq
	default:
		return false
	}
	if c == 'W' || c == 'B' {
		*kings |= sq
	}
	return true
}

// pieceChar is the letter of the piece on s, or 0 for an empty square.
func (p *Position) pieceChar(s Square) byte {
	b := Bitboard(1) << s
	var c byte
	switch {
	case p.white&b != 0:
		c = 'w'
	case p.black&b != 0:
		c = 'b'
	default:
		return 0
	}
	if p.kings&b != 0 {
		c -= 'a' - 'A'
	}
	return c
}

// String is the position text of p.
func (p Position) String() string {
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			c := p.pieceChar(Square(8*rank + file))
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	if p.side() == White {
		sb.WriteString(" w")
	} else {
		sb.WriteString(" b")
	}
	return sb.String()
}

// ParseHub reads the Hub position form: 'W' or 'B' for the side to move,
// then 64 characters a8..h8, a7..h7, ..., a1..h1 ('w', 'b', 'W', 'B', 'e').
func ParseHub(s string) (Position, error) {
	// Characters, not bytes: any character of more than one byte is
	// refused below, named as written.
	if n := utf8.RuneCountInString(s); n != 65 {
		return Position{}, fmt.Errorf("hub position has %d characters, want 65 (side and 64 squares)", n)
	}
	side, ok := sideLetter(s[:1], "W", "B")
	if !ok {
		return Position{}, fmt.Errorf("bad side to move %s in hub position (want 'W' or 'B')", quoteChar(s))
	}
	var pieces [2]Bitboard
	var kings Bitboard
	for i := 0; i < 64; i++ {
		sq := Square(8*(7-i/8) + i%8)
		if s[1+i] != 'e' && !placePiece(s[1+i], Bitboard(1)<<sq, &pieces, &kings) {
			return Position{}, fmt.Errorf("unknown character %s at square %v of hub position", quoteChar(s[1+i:]), sq)
		}
	}
	return NewPosition(pieces[White], pieces[Black], kings, side)
}

// quoteChar is the first character of s quoted for an error message, as
// it was written: 'é' rather than its first byte, and a byte that is not
// UTF-8 as '\xff'.
func quoteChar(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("'\\x%02x'", s[0])
	}
	return strconv.QuoteRune(r)
}

// Hub is the Hub position form of p.
func (p Position) Hub() string {
	b := make([]byte, 65)
	b[0] = 'W'
	if p.side() == Black {
		b[0] = 'B'
	}
	for i := 0; i < 64; i++ {
		c := p.pieceChar(Square(8*(7-i/8) + i%8))
		if c == 0 {
			c = 'e'
		}
		b[1+i] = c
	}
	return string(b)
}
