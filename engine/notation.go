// Move notation (docs/rules.md): "from-to" for quiet moves, "a1xa3xc3" listing
// every landing square for captures; the short capture form "fromxto" is
// accepted when exactly one legal move matches it.

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatMove writes m, a legal move of p, in full notation.
func (p *Position) FormatMove(m Move) string {
	if m.Captured == 0 {
		return m.From.String() + "-" + m.To.String()
	}
	var path [MaxCapturePath]Square
	n := p.capturePath(m, path[:])
	var sb strings.Builder
	for i, s := range path[:n] {
		if i > 0 {
			sb.WriteByte('x')
		}
		sb.WriteString(s.String())
	}
	return sb.String()
}

// IsLegal reports whether m is a legal move of p.
func (p *Position) IsLegal(m Move) bool {
	var l MoveList
	p.GenerateMoves(&l)
	return l.Contains(m)
}

// FormatLine writes a line of moves played from p in full notation,
// separated by spaces; it stops before the first move that is not legal.
func (p Position) FormatLine(moves []Move) string {
	var sb strings.Builder
	for _, m := range moves {
		if !p.IsLegal(m) {
			break
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(p.FormatMove(m))
		p = p.Play(m)
	}
	return sb.String()
}

// MaxCapturePath bounds the squares of a capture path (start plus one
// landing per captured piece; at most 32 enemy pieces fit on the board with
// the empty squares a capture needs).
const MaxCapturePath = 65

// capturePath writes one legal path of capture m into path (start square
// first) and returns its length.
func (p *Position) capturePath(m Move, path []Square) int {
	isKing := p.kings&(1<<m.From) != 0
	occupied := p.Occupied() &^ (1 << m.From)
	path[0] = m.From
	var walk func(s Square, taken Bitboard, n int) bool
	walk = func(s Square, taken Bitboard, n int) bool {
		if taken == m.Captured {
			return s == m.To
		}
		for _, d := range orthogonal {
			var victim, landings Bitboard
			if isKing {
				victim = blockerOf(s, d, occupied)
				if victim != 0 {
					landings = emptyRay(firstSquare(victim), d, occupied)
				}
			} else {
				victim, landings = jumpOver[d][s], jumpLand[d][s]&^occupied
			}
			if victim&m.Captured&^taken == 0 {
				continue
			}
			for ; landings != 0; landings &= landings - 1 {
				l := firstSquare(landings)
				path[n] = l
				if walk(l, taken|victim, n+1) {
					return true
				}
			}
		}
		return false
	}
	walk(m.From, 0, 1)
	return popCount(m.Captured) + 1
}

// ParseMove reads a move of p in full notation or the unambiguous short
// capture form, and returns it if it is legal; otherwise the error is a
// *MoveError saying why.
func (p *Position) ParseMove(s string) (Move, error) {
	var squares []Square
	var sep byte
	for i, part := range splitMove(s) {
		if i == 0 && len(part) != 2 {
			return NoMove, moveError(MalformedMove, s, "")
		}
		if len(part) == 3 {
			if sep != 0 && sep != part[0] {
				return NoMove, moveError(MalformedMove, s, "mixes '-' and 'x'")
			}
			sep, part = part[0], part[1:]
		}
		sq, err := ParseSquare(part)
		if err != nil {
			return NoMove, moveError(MalformedMove, s, err.Error())
		}
		squares = append(squares, sq)
	}
	if len(squares) < 2 {
		return NoMove, moveError(MalformedMove, s, "")
	}
	if sep == '-' && len(squares) != 2 {
		return NoMove, moveError(MalformedMove, s, "a move without capture has two squares")
	}
	var l MoveList
	p.GenerateMoves(&l)
	from, to := squares[0], squares[len(squares)-1]
	if sep == '-' {
		for _, m := range l.Slice() {
			if m.From == from && m.To == to && m.Captured == 0 {
				return m, nil
			}
		}
		if l.Len > 0 && l.Moves[0].Captured != 0 {
			return NoMove, moveError(IllegalMove, s, "a capture is compulsory")
		}
		return NoMove, moveError(IllegalMove, s, "")
	}
	if l.Len == 0 || l.Moves[0].Captured == 0 {
		return NoMove, moveError(IllegalMove, s, "no capture is possible")
	}
	// A path with intermediate squares is the full form: follow it.
	if len(squares) > 2 || popCount(l.Moves[0].Captured) == 1 {
		captured, err := p.followPath(squares)
		if err != nil {
			return NoMove, moveError(IllegalMove, s, err.Error())
		}
		want := Move{From: from, To: to, Captured: captured}
		for _, m := range l.Slice() {
			if m == want {
				return m, nil
			}
		}
		return NoMove, moveError(IllegalMove, s, fmt.Sprintf("the majority rule requires %d captures", popCount(l.Moves[0].Captured)))
	}
	var found Move
	count := 0
	for _, m := range l.Slice() {
		if m.From == from && m.To == to {
			found = m
			count++
		}
	}
	switch count {
	case 0:
		return NoMove, moveError(IllegalMove, s, fmt.Sprintf("no legal capture goes from %v to %v", from, to))
	case 1:
		return found, nil
	default:
		return NoMove, moveError(AmbiguousMove, s, fmt.Sprintf("%d captures go from %v to %v; give every landing square", count, from, to))
	}
}

// splitMove cuts "a1xb2xc3" into "a1", "xb2", "xc3" (separator kept).
func splitMove(s string) []string {
	var parts []string
	start := 0
	for i := 1; i <= len(s); i++ {
		if i == len(s) || s[i] == 'x' || s[i] == '-' {
			parts = append(parts, s[start:i])
			start = i
		}
	}
	return parts
}

// followPath checks that squares is a capture path of the piece on its
// first square (each leg along a rank or file jumping exactly one enemy
// piece not taken before) and returns the captured set.
func (p *Position) followPath(squares []Square) (Bitboard, error) {
	from := squares[0]
	us := p.side()
	own, enemy := p.sides()
	if own&(1<<from) == 0 {
		return 0, fmt.Errorf("no %v piece on %v", us, from)
	}
	isKing := p.kings&(1<<from) != 0
	occupied := p.Occupied() &^ (1 << from)
	var taken Bitboard
	for i := 1; i < len(squares); i++ {
		a, b := squares[i-1], squares[i]
		d, ok := orthogonalDirection(a, b)
		if !ok {
			return 0, fmt.Errorf("%v to %v is not along a rank or file", a, b)
		}
		between := rays[d][a] &^ rays[d][b] &^ (1 << b)
		if !isKing && popCount(between) != 1 {
			return 0, fmt.Errorf("a man jumps one square: %v to %v", a, b)
		}
		hit := between & occupied
		if popCount(hit) != 1 || hit&enemy&^taken == 0 {
			return 0, fmt.Errorf("%v to %v does not jump exactly one enemy piece", a, b)
		}
		if occupied&(1<<b) != 0 {
			return 0, fmt.Errorf("landing square %v is occupied", b)
		}
		taken |= hit
	}
	return taken, nil
}

// orthogonalDirection is the rank or file direction from a to b.
func orthogonalDirection(a, b Square) (direction, bool) {
	switch {
	case a == b:
		return 0, false
	case a.File() == b.File() && b > a:
		return north, true
	case a.File() == b.File():
		return south, true
	case a.Rank() == b.Rank() && b > a:
		return east, true
	case a.Rank() == b.Rank():
		return west, true
	}
	return 0, false
}

// MoveErrorKind says why ParseMove refused a move.
type MoveErrorKind int

const (
	// MalformedMove: the text is not a move in the notation.
	MalformedMove MoveErrorKind = iota + 1
	// IllegalMove: a move in the notation, but no legal move of the position.
	IllegalMove
	// AmbiguousMove: a short capture form that more than one legal move fits.
	AmbiguousMove
)

// String is the kind as the error message says it: "malformed", "illegal"
// or "ambiguous".
func (k MoveErrorKind) String() string {
	switch k {
	case MalformedMove:
		return "malformed"
	case IllegalMove:
		return "illegal"
	case AmbiguousMove:
		return "ambiguous"
	}
	return fmt.Sprintf("MoveErrorKind(%d)", int(k))
}

// MoveError is ParseMove's error: the kind, the move text as given, and
// the detail (may be empty). Its message is "<kind> move \"<text>\"" with
// ": <detail>" when there is one.
type MoveError struct {
	Kind   MoveErrorKind
	Text   string
	Detail string
}

func (e *MoveError) Error() string {
	msg := e.Kind.String() + " move " + strconv.Quote(e.Text)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

func moveError(kind MoveErrorKind, text, detail string) error {
	return &MoveError{Kind: kind, Text: text, Detail: detail}
}
