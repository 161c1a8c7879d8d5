// The protocol's numbers: one grammar and one range rule for every number a
// line carries (a level's limits, a parameter's value), read the same way by
// the engine and written by the front-ends within it. A whole number is
// decimal digits; a decimal is digits with at most one point among or after
// them ("5", "0.25", ".5"). No sign, exponent, hexadecimal form, "_", Inf or
// NaN, which strconv alone would take. Times are read and written as
// seconds, by ParseSeconds and FormatSeconds.

package hub

import (
	"fmt"
	"strconv"
)

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

// FormatDecimal writes a number in the decimal grammar without needless
// digits ("0.05", "5").
func FormatDecimal(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

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
