// Escaping what does not print.

package printable

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escape is s with each rune for which replace reports true replaced by the
// string it gives, and then each control byte (C0 or DEL) or byte of invalid
// UTF-8 written as \x followed by two hex digits, and each rune that does not
// print (strconv.IsPrint) as \u or \U with four or eight hex digits.
// Everything else is kept. replace may be nil.
func Escape(s string, replace func(r rune) (string, bool)) string {
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if replace != nil {
			if with, ok := replace(r); ok {
				sb.WriteString(with)
				i += size
				continue
			}
		}
		switch {
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7f:
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
