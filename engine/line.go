// A line of moves played from a position ("d3-d4 e6-e5", move numbers such
// as "1." or "1..." allowed), as the command line's --moves gives it.

package engine

import (
	"fmt"
	"strings"
)

// PlayLine plays the moves of line from start and returns the game. A bad
// move is an error naming it and its number in the line (from 1); move
// numbers and a result token ("1-0", "0-1", "1/2-1/2", "*") at the end
// are skipped.
func PlayLine(start Position, line string) (*Game, error) {
	g := NewGame(start)
	n := 0
	for _, word := range strings.Fields(line) {
		if isMoveNumber(word) || isResultToken(word) {
			continue
		}
		n++
		if _, err := g.PlayText(word); err != nil {
			return nil, fmt.Errorf("move %d: %w", n, err)
		}
	}
	return g, nil
}

// isMoveNumber reports whether word is a move number: digits and then
// one or more dots.
func isMoveNumber(word string) bool {
	digits := strings.TrimRight(word, ".")
	return digits != "" && digits != word && strings.Trim(digits, "0123456789") == ""
}

func isResultToken(word string) bool {
	return word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*"
}
