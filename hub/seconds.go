// Seconds, the one way a line carries a time: a decimal number of seconds
// to the millisecond, written without needless digits ("60", "0.25",
// "1.005") by both sides. A positive time under a millisecond cannot be
// written, so it means nothing.

package hub

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// TimeResolution is the smallest positive time a line carries: times are
// written in seconds to the millisecond.
const TimeResolution = time.Millisecond

// MaxTime bounds every time a line carries: a year is far beyond any
// game, and keeps the conversion to time.Duration exact and free of
// overflow.
const MaxTime = 365 * 24 * time.Hour

// ParseSeconds reads a decimal number of seconds from lo to hi, rounded to
// the nanosecond; its error says what is wanted.
func ParseSeconds(s string, lo, hi time.Duration) (time.Duration, error) {
	v, err := strconv.ParseFloat(s, 64)
	if !isDecimal(s, true) || err != nil || v > hi.Seconds() {
		return 0, fmt.Errorf("want a number of seconds from %s to %s", FormatSeconds(lo), FormatSeconds(hi))
	}
	d := time.Duration(math.Round(v * float64(time.Second)))
	if d < lo {
		return 0, fmt.Errorf("want a number of seconds from %s to %s", FormatSeconds(lo), FormatSeconds(hi))
	}
	return d, nil
}

// CheckSeconds checks a time given as a number of seconds in another
// grammar (a JSON number): 0 when zero is allowed, else from
// TimeResolution to hi.
func CheckSeconds(v float64, zero bool, hi time.Duration) error {
	switch {
	case v == 0 && zero:
		return nil
	case !(v >= TimeResolution.Seconds() && v <= hi.Seconds()):
		if zero {
			return fmt.Errorf("want 0 or a number of seconds from %s to %s", FormatSeconds(TimeResolution), FormatSeconds(hi))
		}
		return fmt.Errorf("want a number of seconds from %s to %s", FormatSeconds(TimeResolution), FormatSeconds(hi))
	}
	return nil
}

// FormatSeconds writes a duration as seconds to the millisecond, without
// trailing zeros ("60", "0.25", "1.005"). A positive duration is written as
// at least TimeResolution, never as 0.
func FormatSeconds(d time.Duration) string {
	if d > 0 {
		d = max(d, TimeResolution)
	}
	return FormatDecimal(math.Round(d.Seconds()*1000) / 1000)
}
