// Tests of Escape: what it escapes, what it keeps, and replacements.

package printable

import "testing"

func TestEscape(t *testing.T) {
	braces := func(r rune) (string, bool) {
		switch r {
		case '{':
			return "(", true
		case '\n':
			return " ", true
		}
		return "", false
	}
	for _, c := range []struct {
		in      string
		replace func(rune) (string, bool)
		want    string
	}{
		{"", nil, ""},
		{"plain = text", nil, "plain = text"},
		{"nul\x00 lf\n del\x7f", nil, `nul\x00 lf\x0a del\x7f`},
		{"bad \xff\xc3", nil, `bad \xff\xc3`},
		{"é ☃ \U0001F600", nil, "é ☃ \U0001F600"},
		{"a\u2028b\U000e0001", nil, `a\u2028b\U000e0001`},
		{"{x\ny\x01", braces, `(x y\x01`},
	} {
		if got := Escape(c.in, c.replace); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
