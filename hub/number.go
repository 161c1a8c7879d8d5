// The protocol's numbers: one grammar and one range rule for every number a
// line carries (a level's limits, a parameter's value), read the same way by
// the engine and written by the front-ends within it. A whole number is
// decimal digits; a decimal is digits with at most one point among or after
// them ("5", "0.25", ".5"). No sign, exponent, hexadecimal form, "_", Inf or
// NaN, which strconv alone would take. Times are seconds to the millisecond:
// a positive time under a millisecond cannot be written, so it means nothing.

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

// ParseWhole reads a whole number from lo to hi; its error says what is
// wanted ("want a whole number from 1 to 100"), for the caller to name the
// field.
func ParseWhole(s string, lo, hi int64) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if !isDecimal(s, false) || err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a whole number from %d to %d", lo, hi)
	}
	return n, nil
}

// ParseDecimal reads a decimal number from lo to hi; its error says what is
// wanted.
func ParseDecimal(s string, lo, hi float64) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if !isDecimal(s, true) || err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("want a number from %s to %s", FormatDecimal(lo), FormatDecimal(hi))
	}
	return v, nil
}

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

// FormatDecimal writes a number in the decimal grammar without needless
// digits ("0.05", "5").
func FormatDecimal(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// FormatSeconds writes a duration as seconds to the millisecond, without
// trailing zeros ("60", "0.25", "1.005"). A positive duration is written as
// at least TimeResolution, never as 0.
func FormatSeconds(d time.Duration) string {
	if d > 0 {
		d = max(d, TimeResolution)
	}
	return FormatDecimal(math.Round(d.Seconds()*1000) / 1000)
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
