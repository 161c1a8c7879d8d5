// The position a search is given: a pos line (hub.Pos). Its limits are a
// hub.Level, the level line, used as it is.

package hubclient

import (
	"slices"

	"github.com/dameo/dameo/hub"
)

// Position is the position a search starts from, as the pos line gives it:
// a start position and the moves played from it.
type Position struct {
	// Start is the start position in the Hub form (pos=, see
	// docs/protocol.md); "" is the game's standard start position.
	Start string
	Moves []string // in the notation of docs/rules.md, in order
}

// Line is the pos line: pos start or pos pos=..., and moves= when there
// are moves.
func (p Position) Line() hub.Line {
	pos := hub.Pos{Start: p.Start, Moves: p.Moves}
	if p.Start != "" {
		pos.From = hub.FromHub
	}
	return pos.Line()
}

// Equal reports whether p and q are the same position reached the same way.
func (p Position) Equal(q Position) bool {
	return p.Start == q.Start && slices.Equal(p.Moves, q.Moves)
}
