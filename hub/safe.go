// Making arbitrary text fit in a value, for messages that repeat what a
// peer sent or what the system said.

package hub

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			sb.WriteByte('\'')
		case r == utf8.RuneError && size == 1, r < utf8.RuneSelf && isControl(byte(r)):
			fmt.Fprintf(&sb, `\x%02x`, s[i])
		case r >= utf8.RuneSelf && !strconv.IsPrint(r) && r <= 0xffff:
			fmt.Fprintf(&sb, `\u%04x`, r)
		case r >= utf8.RuneSelf && !strconv.IsPrint(r):
			fmt.Fprintf(&sb, `\U%08x`, r)
		default:
			sb.WriteString(s[i : i+size])
		}
		i += size
	}
	return sb.String()
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
