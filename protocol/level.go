// `level`: the limits of the next search. Several level lines add up (a
// field given again replaces the earlier value; `infinite` replaces all the
// limits given before it, and a limit given after it replaces `infinite`);
// `pos` and `go` reset them.

package protocol

import (
	"fmt"
	"math"
	"strconv"
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
}

// maxSeconds bounds time values: a year is far beyond any game, and keeps
// the conversion to time.Duration exact and free of overflow.
const maxSeconds = 365 * 24 * 3600

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
			lv.moveTime, err = parseSeconds(a)
			if err == nil && lv.moveTime == 0 {
				err = fmt.Errorf("bad level move-time=%s: want a positive number of seconds", a.Value)
			}
		case "time":
			lv.time, err = parseSeconds(a)
			lv.hasTime = true
		case "inc":
			lv.inc, err = parseSeconds(a)
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

// parseCount reads a whole-number argument in lo..hi: digits only.
func parseCount(a hub.Arg, lo, hi int64) (int64, error) {
	n, err := strconv.ParseInt(a.Value, 10, 64)
	if a.Flag || !isDecimal(a.Value, false) || err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("bad level %s=%s: want a whole number from %d to %d", a.Name, a.Value, lo, hi)
	}
	return n, nil
}

// parseSeconds reads a non-negative number of seconds: a decimal such as
// 5, 0.25 or .5 (strconv.ParseFloat alone would also take 1_0, 1e1, 0x1p-2,
// +1 and Inf).
func parseSeconds(a hub.Arg) (time.Duration, error) {
	v, err := strconv.ParseFloat(a.Value, 64)
	if a.Flag || !isDecimal(a.Value, true) || err != nil || v > maxSeconds {
		return 0, fmt.Errorf("bad level %s=%s: want a number of seconds from 0 to %d", a.Name, a.Value, maxSeconds)
	}
	return time.Duration(math.Round(v * float64(time.Second))), nil
}

// isDecimal reports whether s is digits, with one decimal point among or
// after them when point is set, and at least one digit.
func isDecimal(s string, point bool) bool {
	digits, points := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && point:
			points++
		default:
			return false
		}
	}
	return digits > 0 && points <= 1
}
