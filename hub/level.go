// The level message: the limits of the next search (depth, nodes, a move
// time, or the engine's clock, or infinite), with the rule by which
// several level lines add up.

package hub

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Level is the limits a level line gives, or several of them added up.
// The zero value has none.
type Level struct {
	// Clock says that Time, Inc and Moves are the engine's clock (time=
	// was given): Time is what is left before this move's increment. They
	// are written only with Clock (the engine ignores inc and moves
	// without time): Time even when 0, Inc and Moves when above 0.
	Clock    bool
	Time     time.Duration
	Inc      time.Duration
	Moves    int           // the moves to the next time control
	MoveTime time.Duration // a fixed time for the move; written when above 0
	Depth    int           // written when above 0
	Nodes    int64         // written when above 0
	Infinite bool          // search until stop
}

// Line is the level line of lv, its fields in the order infinite, moves,
// time, inc, move-time, depth, nodes. A level without limits gives a line
// without arguments, which the caller need not send.
func (lv Level) Line() Line {
	l := NewLine("level")
	if lv.Infinite {
		l = l.Flag("infinite")
	}
	if lv.Clock {
		if lv.Moves > 0 {
			l = l.Set("moves", strconv.Itoa(lv.Moves))
		}
		l = l.Set("time", FormatSeconds(max(lv.Time, 0)))
		if lv.Inc > 0 {
			l = l.Set("inc", FormatSeconds(lv.Inc))
		}
	}
	if lv.MoveTime > 0 {
		l = l.Set("move-time", FormatSeconds(lv.MoveTime))
	}
	if lv.Depth > 0 {
		l = l.Set("depth", strconv.Itoa(lv.Depth))
	}
	if lv.Nodes > 0 {
		l = l.Set("nodes", strconv.FormatInt(lv.Nodes, 10))
	}
	return l
}

// Add returns lv with the arguments of the level line l applied in order,
// as the engine adds up level lines: a field replaces its earlier value,
// infinite clears every limit before it, and a limit after it clears
// infinite; unknown arguments are ignored. The ranges are those of
// docs/protocol.md, depth from 1 to maxDepth. A bad value (out of range,
// not a number, a limit as a bare flag, infinite with a value, move-time
// under TimeResolution) gives an error that names the argument, "bad level
// depth=0: want a whole number from 1 to 100", and the zero Level.
func (lv Level) Add(l Line, maxDepth int) (Level, error) {
	if l.Command != "level" {
		return Level{}, fmt.Errorf("not a level line")
	}
	for _, a := range l.Args {
		var err error
		switch a.Name {
		case "depth", "nodes", "moves", "move-time", "time", "inc":
			lv.Infinite = false
		}
		switch a.Name {
		case "depth":
			var n int64
			n, err = ParseWhole(a.Value, 1, int64(maxDepth))
			lv.Depth = int(n)
		case "nodes":
			lv.Nodes, err = ParseWhole(a.Value, 1, math.MaxInt64)
		case "moves":
			var n int64
			n, err = ParseWhole(a.Value, 0, math.MaxInt32)
			lv.Moves = int(n)
		case "move-time":
			// A move time under what a line can write means nothing, and
			// 0 would read as no limit.
			lv.MoveTime, err = ParseSeconds(a.Value, TimeResolution, MaxTime)
		case "time":
			lv.Time, err = ParseSeconds(a.Value, 0, MaxTime)
			lv.Clock = true
		case "inc":
			lv.Inc, err = ParseSeconds(a.Value, 0, MaxTime)
		case "infinite":
			if !a.Flag {
				return Level{}, fmt.Errorf("bad level infinite=%s: infinite takes no value", a.Value)
			}
			lv = Level{Infinite: true}
		}
		if err != nil {
			return Level{}, fmt.Errorf("bad level %s=%s: %v", a.Name, a.Value, err)
		}
	}
	return lv, nil
}
