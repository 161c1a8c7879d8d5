// Making arbitrary text fit in a value, for messages that repeat what a
// peer sent or what the system said.

package hub

import (
	"unicode/utf8"

	"github.com/dameo/dameo/internal/printable"
)

// SafeValue is s made fit for a value that Format accepts, still readable
// in a message: '"' becomes an apostrophe; a control byte or a byte of
// invalid UTF-8 becomes an escape such as \x00 or \xff; a rune that does not
// print (a Unicode line separator, a format character) becomes an escape
// such as \u2028 or \U000e0001. Everything else is kept, spaces and '='
// included (Format quotes such a value).
func SafeValue(s string) string {
	if isPlain(s) {
		return s
	}
	return printable.Escape(s, func(r rune) (string, bool) {
		if r == '"' {
			return "'", true
		}
		return "", false
	})
}

// isPlain reports whether s is printable ASCII without '"', the common case
// that SafeValue returns as it is.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || isControl(c) || c == '"' {
			return false
		}
	}
	return true
}
