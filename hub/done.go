// The done message: the end of a search, with the move to play and the
// reply the engine expects, or bare when the side to move has no legal
// move.

package hub

import (
	"errors"
	"fmt"
	"strings"
)

// Done is a done line.
type Done struct {
	Move   string // the move to play; "" for a bare done (no legal move)
	Ponder string // the reply the engine expects; "" when not given
}

// Line is the done line of d: move= and ponder= when not empty.
func (d Done) Line() Line {
	l := NewLine("done")
	if d.Move != "" {
		l = l.Set("move", d.Move)
	}
	if d.Ponder != "" {
		l = l.Set("ponder", d.Ponder)
	}
	return l
}

// ParseDone reads a done line. Its errors: a line of another command, move
// or ponder as a flag or with an empty value or a value of more than one
// word, or ponder= without move=. Other arguments are ignored.
func ParseDone(l Line) (Done, error) {
	if l.Command != "done" {
		return Done{}, errors.New("not a done line")
	}
	var d Done
	for _, f := range []struct {
		name string
		to   *string
	}{{"move", &d.Move}, {"ponder", &d.Ponder}} {
		v, ok := l.Get(f.name)
		switch {
		case !ok && l.Has(f.name):
			return Done{}, fmt.Errorf("bad done: %s needs a value", f.name)
		case !ok:
			continue
		case v == "" || len(strings.Fields(v)) != 1 || strings.TrimSpace(v) != v:
			return Done{}, fmt.Errorf("bad done %s=%q: want one move", f.name, v)
		}
		*f.to = v
	}
	if d.Ponder != "" && d.Move == "" {
		return Done{}, errors.New("bad done: ponder= without move=")
	}
	return d, nil
}
