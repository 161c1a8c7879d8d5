// Variations: the alternatives a record gives to a move, written in
// parentheses after it, each a line of its own that may hold comments and
// further variations. The reader builds them with a stack of open lines.

package pdn

import (
	"fmt"
	"strings"
)

// lineStack is the movetext's lines being read: the game's main line at the
// bottom and the innermost open variation on top. Only the top line grows
// while it is open, so the pointers below it stay valid.
type lineStack struct {
	g       *Game
	lines   []*[]Move
	comment []*string // where a comment before the line's first move goes
	moves   int       // moves read so far, in every line
}

func newLineStack(g *Game) *lineStack {
	return &lineStack{g: g, lines: []*[]Move{&g.Moves}, comment: []*string{&g.Comment}}
}

// depth is the number of open variations.
func (s *lineStack) depth() int { return len(s.lines) - 1 }

func (s *lineStack) top() *[]Move { return s.lines[len(s.lines)-1] }

// add appends a move to the innermost line. Lines grow by doubling, so that
// what a game of MaxMoves moves allocates stays within a few times its size.
func (s *lineStack) add(text string) error {
	if s.moves == MaxMoves {
		return fmt.Errorf("more than %d moves in a game", MaxMoves)
	}
	s.moves++
	top := s.top()
	if len(*top) == cap(*top) {
		grown := make([]Move, len(*top), max(4, 2*cap(*top)))
		copy(grown, *top)
		*top = grown
	}
	*top = append(*top, Move{Text: text})
	return nil
}

// open starts a variation of the innermost line's last move.
func (s *lineStack) open() error {
	top := s.top()
	if len(*top) == 0 {
		return fmt.Errorf("variation '(' before any move it could replace")
	}
	if s.depth() == MaxVariationNesting {
		return fmt.Errorf("variations nested more than %d deep", MaxVariationNesting)
	}
	m := &(*top)[len(*top)-1]
	m.Variations = append(m.Variations, Variation{})
	v := &m.Variations[len(m.Variations)-1]
	s.lines = append(s.lines, &v.Moves)
	s.comment = append(s.comment, &v.Comment)
	return nil
}

// close ends the innermost variation.
func (s *lineStack) close() error {
	if s.depth() == 0 {
		return fmt.Errorf("')' without '('")
	}
	if len(*s.top()) == 0 {
		return fmt.Errorf("empty variation '()'")
	}
	s.lines = s.lines[:len(s.lines)-1]
	s.comment = s.comment[:len(s.comment)-1]
	return nil
}

// addComment attaches a comment to the innermost line's last move, or
// before its first move to the line (the game's or the variation's).
func (s *lineStack) addComment(text string) {
	top := s.top()
	if len(*top) > 0 {
		appendComment(&(*top)[len(*top)-1].Comment, text)
		return
	}
	appendComment(s.comment[len(s.comment)-1], text)
}

// appendComment adds text, its white space collapsed, to the comment *dst.
func appendComment(dst *string, text string) {
	if !collapsed(text) {
		text = strings.Join(strings.Fields(text), " ")
	}
	if text == "" {
		return
	}
	if *dst != "" {
		*dst += " "
	}
	*dst += text
}

// collapsed reports whether s is ASCII with its words separated by single
// spaces and no space at either end: what collapsing white space leaves
// unchanged (as most comments are, which then cost no copy).
func collapsed(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80 || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		}
	}
	return true
}
