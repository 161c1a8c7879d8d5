// Tests of SafeValue: what it replaces and escapes, what it keeps, and
// that its result is always a value Format accepts and Parse reads back.

package hub

import "testing"

func TestSafeValue(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain text = fine", "plain text = fine"},
		{`bad "x"`, "bad 'x'"},
		{"nul\x00 cr\r lf\n tab\t del\x7f esc\x1b", `nul\x00 cr\x0d lf\x0a tab\x09 del\x7f esc\x1b`},
		{"bad utf-8 \xff\xc3", `bad utf-8 \xff\xc3`},
		{"é ☃ 日本 \U0001F600", "é ☃ 日本 \U0001F600"},
		{"line\u2028sep nbsp\u00a0 bidi\u202e tag\U000e0001", `line\u2028sep nbsp\u00a0 bidi\u202e tag\U000e0001`},
		{`back\slash`, `back\slash`},
	}
	for _, tt := range tests {
		got := SafeValue(tt.in)
		if got != tt.want {
			t.Errorf("SafeValue(%q) = %q, want %q", tt.in, got, tt.want)
		}
		text, err := NewLine("error").Set("message", got).Format()
		if err != nil {
			t.Errorf("SafeValue(%q) = %q, which Format refuses: %v", tt.in, got, err)
			continue
		}
		back, err := Parse(text)
		if v, _ := back.Get("message"); err != nil || v != got {
			t.Errorf("%q parses back as %q, %v", text, v, err)
		}
	}
}
