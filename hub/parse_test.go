// Tests of Parse: commands, values, flags, quoting, separators, the
// trailing '\r', blank text, and each kind of malformed line.

package hub

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Line
	}{
		{"", Line{}},
		{"   \t ", Line{}},
		{"\r", Line{}},
		{"ping", Line{Command: "ping"}},
		{"ping\r", Line{Command: "ping"}},
		{"  go   think  ", Line{Command: "go", Args: []Arg{{Name: "think", Flag: true}}}},
		{"go\tthink", Line{Command: "go", Args: []Arg{{Name: "think", Flag: true}}}},
		{"set-param name=hash value=128", Line{Command: "set-param", Args: []Arg{{Name: "name", Value: "hash"}, {Name: "value", Value: "128"}}}},
		{`pos fen="8/8/8/8/8/8/8/w7 w" moves=""`, Line{Command: "pos", Args: []Arg{{Name: "fen", Value: "8/8/8/8/8/8/8/w7 w"}, {Name: "moves", Value: ""}}}},
		{`x a="b=c d"	e`, Line{Command: "x", Args: []Arg{{Name: "a", Value: "b=c d"}, {Name: "e", Flag: true}}}},
		{"x a=b=c", Line{Command: "x", Args: []Arg{{Name: "a", Value: "b=c"}}}},
		{"x a= b", Line{Command: "x", Args: []Arg{{Name: "a", Value: ""}, {Name: "b", Flag: true}}}},
		{"x a=", Line{Command: "x", Args: []Arg{{Name: "a", Value: ""}}}},
		{`x a="q"`, Line{Command: "x", Args: []Arg{{Name: "a", Value: "q"}}}},
		{"x a=1\r", Line{Command: "x", Args: []Arg{{Name: "a", Value: "1"}}}},
		{"x a=é☃", Line{Command: "x", Args: []Arg{{Name: "a", Value: "é☃"}}}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, why string
	}{
		{"=x", "starts with '='"},
		{"go=think", "command name is followed by '='"},
		{`"go" think`, "quote in the command name"},
		{"x =v", "'=' without an argument name"},
		{`x a="unclosed`, "argument a: missing closing quote"},
		{`x a="b"c`, "argument a: text right after the closing quote"},
		{`x a=b"c`, "argument a: a quote inside an unquoted value"},
		{`x "a"=b`, "quote in argument name"},
		{`x a"`, "quote in argument name"},
		{"x a=\"b\tc\"", "argument a: a tab inside a quoted value"},
		{"x a=b\x00", `control character \x00 at column 6`},
		{"x a=\"b\rc\"", `control character \x0d at column 7`},
		{"x\r\r", `control character \x0d at column 2`},
		{"x a=\"b\nc\"", `control character \x0a`},
		{"go\x7f", `control character \x7f`},
		{"\x1bx", `control character \x1b at column 1`},
	}
	for _, tt := range tests {
		l, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", tt.in, l)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "malformed line: ") || !strings.Contains(msg, tt.why) {
			t.Errorf("Parse(%q) error %q, want it to say %q", tt.in, msg, tt.why)
		}
		if !reflect.DeepEqual(l, Line{}) {
			t.Errorf("Parse(%q) failed but gave %+v", tt.in, l)
		}
	}
}
