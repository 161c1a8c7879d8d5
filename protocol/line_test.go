// Tests of the line parser and writer: arguments, flags, quoting, the
// trailing '\r', and every malformed form.
package protocol

import (
	"reflect"
	"testing"
)

func TestParseLine(t *testing.T) {
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
		{"set-param name=hash value=128", Line{Command: "set-param", Args: []Arg{{Name: "name", Value: "hash"}, {Name: "value", Value: "128"}}}},
		{`pos fen="8/8/8/8/8/8/8/w7 w" moves=""`, Line{Command: "pos", Args: []Arg{{Name: "fen", Value: "8/8/8/8/8/8/8/w7 w"}, {Name: "moves", Value: ""}}}},
		{`x a="b=c d"	e`, Line{Command: "x", Args: []Arg{{Name: "a", Value: "b=c d"}, {Name: "e", Flag: true}}}},
		{"x a=b=c", Line{Command: "x", Args: []Arg{{Name: "a", Value: "b=c"}}}},
		{"x a= b", Line{Command: "x", Args: []Arg{{Name: "a", Value: ""}, {Name: "b", Flag: true}}}},
		{"x a=", Line{Command: "x", Args: []Arg{{Name: "a", Value: ""}}}},
		{`x a="q"`, Line{Command: "x", Args: []Arg{{Name: "a", Value: "q"}}}},
		{"x a=1\r", Line{Command: "x", Args: []Arg{{Name: "a", Value: "1"}}}},
	}
	for _, tt := range tests {
		got, err := ParseLine(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseLine(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseLineErrors(t *testing.T) {
	for _, in := range []string{
		"=x",
		"go=think",
		`"go" think`,
		"x =v",
		`x a="unclosed`,
		`x a="b"c`,
		`x a=b"c`,
		`x "a"=b`,
		`x a"`,
	} {
		if l, err := ParseLine(in); err == nil {
			t.Errorf("ParseLine(%q) = %+v, want an error", in, l)
		}
	}
}

func TestLineString(t *testing.T) {
	tests := []struct {
		l    Line
		want string
	}{
		{Line{Command: "wait"}, "wait"},
		{newLine("done", "move", "d3-d4", "ponder", "e6-e5"), "done move=d3-d4 ponder=e6-e5"},
		{newLine("info", "pv", ""), `info pv=""`},
		{newLine("info", "pv", "a3-a4 b6-b5"), `info pv="a3-a4 b6-b5"`},
		{newLine("x", "v", "a=b"), `x v="a=b"`},
		{newLine("x", "v", "a\tb"), "x v=\"a\tb\""},
		{newLine("error", "message", `bad "x"`+"\nnext"), `error message="bad 'x' next"`},
		{Line{Command: "go", Args: []Arg{{Name: "think", Flag: true}}}, "go think"},
		{Line{Command: "a b", Args: []Arg{{Name: "", Value: "1"}}}, "a_b _=1"},
	}
	for _, tt := range tests {
		if got := tt.l.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.l, got, tt.want)
		}
	}
}

func TestLineRoundTrip(t *testing.T) {
	for _, in := range []string{
		"go think",
		`pos pos=Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww moves="c3-c4 c6-c5"`,
		`param name=book-file value="" type=string`,
		`x a="b=c" d e=f`,
	} {
		l, err := ParseLine(in)
		if err != nil {
			t.Fatalf("ParseLine(%q): %v", in, err)
		}
		if got := l.String(); got != in {
			t.Errorf("round trip of %q gave %q", in, got)
		}
	}
}

func TestLineGetHas(t *testing.T) {
	l, err := ParseLine("x a=1 b a=2 c=")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := l.Get("a"); !ok || v != "2" {
		t.Errorf(`Get("a") = %q, %v; want the last value "2"`, v, ok)
	}
	if v, ok := l.Get("c"); !ok || v != "" {
		t.Errorf(`Get("c") = %q, %v; want "", true`, v, ok)
	}
	if _, ok := l.Get("b"); ok {
		t.Error(`Get("b") found a value for a flag`)
	}
	if !l.Has("b") || !l.Has("a") || l.Has("z") {
		t.Error("Has is wrong")
	}
}
