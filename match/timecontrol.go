// Time controls: cutechess-style "moves/time+inc" clocks, fixed time per
// move, fixed depth and fixed nodes; the clock the runner keeps for each
// side, and the limits of the level line that tells an engine its time.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// TimeControl is the limit of each move. Exactly one kind is set: a clock
// (Base > 0 or Inc > 0, with Moves moves per period, 0 = the whole game),
// MoveTime, Depth or Nodes.
type TimeControl struct {
	Moves     int           // moves per period (0: the whole game)
	Base, Inc time.Duration // time per period and increment per move
	MoveTime  time.Duration // fixed time per move
	Depth     int           // fixed depth
	Nodes     int64         // fixed nodes
}

// ParseTC reads a clock time control "[moves/]time[+inc]": times in seconds
// ("60", "0.5") or minutes:seconds ("1:30"); for example "40/60+0.5", "10+0.1".
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	rest := s
	if m, r, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("time control %q: moves %q must be a positive integer", s, m)
		}
		tc.Moves, rest = n, r
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = parseSeconds(base); err != nil {
		return tc, fmt.Errorf("time control %q: %v", s, err)
	}
	if hasInc {
		if tc.Inc, err = parseSeconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: increment: %v", s, err)
		}
	}
	if tc.Base <= 0 && tc.Inc <= 0 {
		return tc, fmt.Errorf("time control %q: no time", s)
	}
	if tc.Moves > 0 && tc.Base <= 0 {
		return tc, fmt.Errorf("time control %q: moves per period need a time", s)
	}
	return tc, nil
}

// parseSeconds reads "12.5", "m:ss" or a duration with its unit ("500ms",
// "2m", as time.ParseDuration reads them).
func parseSeconds(s string) (time.Duration, error) {
	if s != "" && strings.IndexFunc(s[len(s)-1:], unicode.IsLetter) == 0 {
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return 0, fmt.Errorf("bad duration %q", s)
		}
		if d > 1e6*time.Second {
			return 0, fmt.Errorf("time %q is too long", s)
		}
		return d, nil
	}
	mins := 0.0
	if m, sec, ok := strings.Cut(s, ":"); ok {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil || v < 0 {
			return 0, fmt.Errorf("bad minutes %q", m)
		}
		mins, s = v, sec
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	total := mins*60 + v
	if total > 1e6 {
		return 0, fmt.Errorf("time %q is too long", s)
	}
	return time.Duration(total * float64(time.Second)), nil
}

// ParseSeconds reads a duration in seconds ("0.1", "1:30") or with its
// unit ("100ms"), for --movetime and similar flags.
func ParseSeconds(s string) (time.Duration, error) { return parseSeconds(s) }

// MoveTimeLimit is the time control of a fixed time per move: more than 0
// (a *FieldError of field MoveTime otherwise).
func MoveTimeLimit(d time.Duration) (TimeControl, error) {
	if err := positive("MoveTime", d); err != nil {
		return TimeControl{}, err
	}
	return TimeControl{MoveTime: d}, nil
}

// DepthLimit is the time control of a fixed depth: 1 to search.MaxDepth,
// the deepest the Hub's depth parameter asks for (a *FieldError of field
// Depth otherwise).
func DepthLimit(depth int) (TimeControl, error) {
	if err := within("Depth", depth, 1, search.MaxDepth); err != nil {
		return TimeControl{}, err
	}
	return TimeControl{Depth: depth}, nil
}

// NodesLimit is the time control of a fixed number of nodes: 1 or more (a
// *FieldError of field Nodes otherwise).
func NodesLimit(nodes int64) (TimeControl, error) {
	if nodes < 1 {
		return TimeControl{}, &FieldError{Field: "Nodes", Want: "1 or more", Got: strconv.FormatInt(nodes, 10)}
	}
	return TimeControl{Nodes: nodes}, nil
}

// IsClock reports whether the time control runs a clock.
func (tc TimeControl) IsClock() bool { return tc.Base > 0 || tc.Inc > 0 }

// Validate checks that exactly one kind of limit is set.
func (tc TimeControl) Validate() error {
	n := 0
	if tc.IsClock() {
		n++
	}
	if tc.MoveTime > 0 {
		n++
	}
	if tc.Depth > 0 {
		n++
	}
	if tc.Nodes > 0 {
		n++
	}
	switch {
	case n == 0:
		return fmt.Errorf("no time control: give one of --tc, --movetime, --depth, --nodes")
	case n > 1:
		return fmt.Errorf("give only one of --tc, --movetime, --depth, --nodes")
	case tc.Base < 0 || tc.Inc < 0 || tc.MoveTime < 0 || tc.Depth < 0 || tc.Nodes < 0 || tc.Moves < 0:
		return fmt.Errorf("negative time control")
	}
	return nil
}

// String is the time control as written in the PDN TimeControl tag:
// "40/60+0.5" for clocks, else "move-time=0.1", "depth=6" or "nodes=10000".
func (tc TimeControl) String() string {
	switch {
	case tc.IsClock():
		s := hub.FormatSeconds(tc.Base)
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/" + s
		}
		if tc.Inc > 0 {
			s += "+" + hub.FormatSeconds(tc.Inc)
		}
		return s
	case tc.MoveTime > 0:
		return "move-time=" + hub.FormatSeconds(tc.MoveTime)
	case tc.Depth > 0:
		return "depth=" + strconv.Itoa(tc.Depth)
	case tc.Nodes > 0:
		return "nodes=" + strconv.FormatInt(tc.Nodes, 10)
	}
	return "-"
}

// clock is one side's clock during a game.
type clock struct {
	tc    TimeControl
	left  time.Duration // time left, before this move's increment
	moves int           // moves made by this side
}

func newClock(tc TimeControl) *clock { return &clock{tc: tc, left: tc.Base} }

// limits are the limits of this side's next move, for its level line.
func (c *clock) limits() hub.Level {
	switch {
	case c.tc.IsClock():
		l := hub.Level{Clock: true, Time: c.left, Inc: c.tc.Inc}
		if c.tc.Moves > 0 {
			l.Moves = c.tc.Moves - c.moves%c.tc.Moves
		}
		return l
	case c.tc.MoveTime > 0:
		return hub.Level{MoveTime: c.tc.MoveTime}
	case c.tc.Depth > 0:
		return hub.Level{Depth: c.tc.Depth}
	default:
		return hub.Level{Nodes: c.tc.Nodes}
	}
}

// allowed is the time the side may use for its next move before it loses
// on time (without the runner's margin): the clock plus the increment, or
// the fixed move time; 0 when the time control has no time limit.
func (c *clock) allowed() time.Duration {
	switch {
	case c.tc.IsClock():
		return c.left + c.tc.Inc
	case c.tc.MoveTime > 0:
		return c.tc.MoveTime
	}
	return 0
}

// spend charges a move that took d: the increment is credited before the
// move, the time used is taken off, and a new period starts after every
// Moves moves. It reports false when the side overstepped its time by
// more than margin (a loss on time); a small overstep within the margin
// leaves the clock at zero.
func (c *clock) spend(d, margin time.Duration) bool {
	limit := c.allowed()
	c.moves++
	if !c.tc.IsClock() {
		return limit == 0 || d <= limit+margin
	}
	c.left = c.left + c.tc.Inc - d
	ok := c.left >= -margin
	if c.left < 0 {
		c.left = 0
	}
	if c.tc.Moves > 0 && c.moves%c.tc.Moves == 0 {
		c.left += c.tc.Base
	}
	return ok
}
