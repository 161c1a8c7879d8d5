// `level`: the limits of the next search. Several level lines add up (a
// field given again replaces the earlier value; `infinite` replaces all the
// limits given before it, and a limit given after it replaces `infinite`);
// `pos` and `go` reset them.

package protocol

import (
	"fmt"
	"math"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// level is the accumulated limits of the next search; the has* fields say
// which were given.
type level struct {
	depth     int
	nodes     int64
	moveTime  time.Duration
	time      time.Duration
	inc       time.Duration
	movesToGo int
	infinite  bool
	hasTime   bool
	// refused records a level line refused since the limits were last
	// reset: a search left with no limit then does not run unbounded
	// (session.limits).
	refused bool
}

// maxTime bounds time values: a year is far beyond any game, and keeps
// the conversion to time.Duration exact and free of overflow.
const maxTime = 365 * 24 * time.Hour

// add returns the level with the arguments of a `level` line applied, or an
// error naming the bad argument (the level is then unchanged).
func (lv level) add(l *hub.Line) (level, error) {
	for _, a := range l.Args {
		var err error
		switch a.Name {
		case "depth", "nodes", "moves", "move-time", "time", "inc":
			lv.infinite = false
		}
		switch a.Name {
		case "depth":
			var n int64
			n, err = parseCount(a, 1, search.MaxDepth)
			lv.depth = int(n)
		case "nodes":
			lv.nodes, err = parseCount(a, 1, math.MaxInt64)
		case "moves":
			var n int64
			n, err = parseCount(a, 0, math.MaxInt32)
			lv.movesToGo = int(n)
		case "move-time":
			// A move time under what a line can write means nothing,
			// and 0 would read as no limit.
			lv.moveTime, err = parseSeconds(a, hub.TimeResolution)
		case "time":
			lv.time, err = parseSeconds(a, 0)
			lv.hasTime = true
		case "inc":
			lv.inc, err = parseSeconds(a, 0)
		case "infinite":
			if !a.Flag {
				err = fmt.Errorf("bad level infinite=%s: infinite takes no value", a.Value)
			}
			lv = level{infinite: true}
		}
		if err != nil {
			return level{}, err
		}
	}
	return lv, nil
}

// parseCount reads a whole-number argument in lo..hi (a bare flag has no
// value, so it is refused too).
func parseCount(a hub.Arg, lo, hi int64) (int64, error) {
	n, err := hub.ParseWhole(a.Value, lo, hi)
	if err != nil {
		return 0, fmt.Errorf("bad level %s=%s: %v", a.Name, a.Value, err)
	}
	return n, nil
}

// parseSeconds reads a number of seconds from lo to maxTime.
func parseSeconds(a hub.Arg, lo time.Duration) (time.Duration, error) {
	d, err := hub.ParseSeconds(a.Value, lo, maxTime)
	if err != nil {
		return 0, fmt.Errorf("bad level %s=%s: %v", a.Name, a.Value, err)
	}
	return d, nil
}
