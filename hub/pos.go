// The pos message: the position a search starts from, given as the start
// position (start), the Hub form (pos=) or position text (fen=), and the
// moves played from it (moves=).

package hub

import (
	"errors"
	"strings"
)

// PosFrom is how a pos line gives its start position.
type PosFrom int

const (
	FromStart PosFrom = iota // start, or no position argument: the standard start position
	FromHub                  // pos=: the Hub form
	FromFEN                  // fen=: the position text of docs/rules.md
)

// Pos is a pos line. The position is not checked here: the engine reads
// Start in the form From says and plays Moves on it.
type Pos struct {
	From  PosFrom
	Start string   // the start position in the form From says; "" with FromStart
	Moves []string // the moves played from it, in order; nil when none
}

// Line is the pos line of p: pos start, pos pos=... or pos fen="...", then
// moves= when there are moves.
func (p Pos) Line() Line {
	l := NewLine("pos")
	switch p.From {
	case FromHub:
		l = l.Set("pos", p.Start)
	case FromFEN:
		l = l.Set("fen", p.Start)
	default:
		l = l.Flag("start")
	}
	if len(p.Moves) > 0 {
		l = l.Set("moves", strings.Join(p.Moves, " "))
	}
	return l
}

// ParsePos reads a pos line. Its errors: a line of another command, more
// than one of start, pos= and fen=, or pos or fen as a flag without a
// value. The moves are the words of moves= (a flag moves is none), and
// other arguments are ignored.
func ParsePos(l Line) (Pos, error) {
	if l.Command != "pos" {
		return Pos{}, errors.New("not a pos line")
	}
	sources := 0
	for _, name := range []string{"start", "pos", "fen"} {
		if l.Has(name) {
			sources++
		}
	}
	if sources > 1 {
		return Pos{}, errors.New("give only one of start, pos= and fen=")
	}
	var p Pos
	if v, ok := l.Get("pos"); ok {
		p.From, p.Start = FromHub, v
	} else if v, ok := l.Get("fen"); ok {
		p.From, p.Start = FromFEN, v
	} else if l.Has("pos") || l.Has("fen") {
		return Pos{}, errors.New("pos= and fen= need a value")
	}
	if moves, _ := l.Get("moves"); strings.TrimSpace(moves) != "" {
		p.Moves = strings.Fields(moves)
	}
	return p, nil
}
