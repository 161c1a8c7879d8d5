// What a search is given: the position (pos line) and the limits (level
// line), its times written as hub.FormatSeconds writes them (a positive
// time never as 0).

package hubclient

import (
	"slices"
	"strconv"
	"strings"
	"time"

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
	l := hub.NewLine("pos")
	if p.Start == "" {
		l = l.Flag("start")
	} else {
		l = l.Set("pos", p.Start)
	}
	if len(p.Moves) > 0 {
		l = l.Set("moves", strings.Join(p.Moves, " "))
	}
	return l
}

// Equal reports whether p and q are the same position reached the same way.
func (p Position) Equal(q Position) bool {
	return p.Start == q.Start && slices.Equal(p.Moves, q.Moves)
}

// Limits are the limits of one search, as the level line gives them. The
// zero value has none (a level line is then not sent).
type Limits struct {
	// Clock says that Time, Inc and Moves are the engine's clock: Time is
	// what is left before this move's increment (sent even when 0), Inc
	// the increment (sent when above 0), Moves the moves to the next time
	// control (sent when above 0).
	Clock     bool
	Time, Inc time.Duration
	Moves     int

	MoveTime time.Duration // a fixed time for the move (sent when above 0)
	Depth    int           // sent when above 0
	Nodes    int64         // sent when above 0
}

// Line is the level line of l, its fields in the order moves, time, inc,
// move-time, depth, nodes.
func (l Limits) Line() hub.Line {
	line := hub.NewLine("level")
	if l.Clock {
		if l.Moves > 0 {
			line = line.Set("moves", strconv.Itoa(l.Moves))
		}
		line = line.Set("time", hub.FormatSeconds(max(l.Time, 0)))
		if l.Inc > 0 {
			line = line.Set("inc", hub.FormatSeconds(l.Inc))
		}
	}
	if l.MoveTime > 0 {
		line = line.Set("move-time", hub.FormatSeconds(l.MoveTime))
	}
	if l.Depth > 0 {
		line = line.Set("depth", strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		line = line.Set("nodes", strconv.FormatInt(l.Nodes, 10))
	}
	return line
}
