// Tests of Format and String: quoting, flags, the exact round trip of
// lines in their written form, and each refusal of a line the protocol
// cannot carry.

package hub

import (
	"strings"
	"testing"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		l    Line
		want string
	}{
		{NewLine("wait"), "wait"},
		{NewLine("done").Set("move", "d3-d4").Set("ponder", "e6-e5"), "done move=d3-d4 ponder=e6-e5"},
		{NewLine("info").Set("pv", ""), `info pv=""`},
		{NewLine("info").Set("pv", "a3-a4 b6-b5"), `info pv="a3-a4 b6-b5"`},
		{NewLine("x").Set("v", "a=b"), `x v="a=b"`},
		{NewLine("x").Set("v", "é'\\"), `x v=é'\`},
		{NewLine("go").Flag("think"), "go think"},
		{Line{Command: "x", Args: []Arg{{Name: "a", Value: "ignored", Flag: true}}}, "x a"},
	}
	for _, tt := range tests {
		got, err := tt.l.Format()
		if err != nil || got != tt.want {
			t.Errorf("%+v.Format() = %q, %v; want %q", tt.l, got, err, tt.want)
		}
		if s := tt.l.String(); s != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.l, s, tt.want)
		}
	}
}

func TestFormatRoundTrip(t *testing.T) {
	for _, in := range []string{
		"go think",
		`pos pos=Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww moves="c3-c4 c6-c5"`,
		`param name=book-file value="" type=string`,
		`x a="b=c" d e=f`,
	} {
		l, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if got, err := l.Format(); err != nil || got != in {
			t.Errorf("round trip of %q gave %q, %v", in, got, err)
		}
	}
}

func TestFormatRefuses(t *testing.T) {
	tests := []struct {
		l   Line
		why string
	}{
		{Line{}, "needs a command"},
		{NewLine("").Set("a", "1"), "needs a command"},
		{NewLine("a b"), `command "a b" holds ' '`},
		{NewLine("a=b"), `holds '='`},
		{NewLine(`a"`), `holds '"'`},
		{NewLine("a\n"), `control character \x0a`},
		{NewLine("x").Set("", "1"), "argument name is empty"},
		{NewLine("x").Flag("a b"), `argument name "a b" holds ' '`},
		{NewLine("x").Set("a\x00", "1"), `control character \x00`},
		{NewLine("error").Set("message", `bad "x"`), `argument message: value "bad \"x\"" holds '"'`},
		{NewLine("error").Set("message", "one\ntwo"), `control character \x0a`},
		{NewLine("error").Set("message", "one\r"), `control character \x0d`},
		{NewLine("x").Set("v", "a\tb"), `control character \x09`},
		{NewLine("x").Set("v", "\x7f"), `control character \x7f`},
	}
	for _, tt := range tests {
		got, err := tt.l.Format()
		if err == nil {
			t.Errorf("%+v.Format() = %q, want an error", tt.l, got)
			continue
		}
		if got != "" || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("%+v.Format() = %q, %q; want no text and an error saying %q", tt.l, got, err, tt.why)
		}
		if s := tt.l.String(); strings.ContainsAny(s, "\r\n\x00") {
			t.Errorf("%+v.String() = %q holds a line break or NUL", tt.l, s)
		}
	}
}

func TestStringOfRefusedLine(t *testing.T) {
	l := NewLine("error").Set("message", "a\nb").Flag("x")
	if got, want := l.String(), `"error" "message"="a\nb" "x"`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
