// Tests of the pos message: its lines both ways, its errors, and the fuzz
// target (parse of format is the identity; no text makes ParsePos panic).

package hub

import (
	"reflect"
	"strings"
	"testing"
)

const startHub = "Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww"

func TestPos(t *testing.T) {
	tests := []struct {
		p    Pos
		text string
	}{
		{Pos{}, "pos start"},
		{Pos{Moves: []string{"c3-c4", "f6-f5"}}, `pos start moves="c3-c4 f6-f5"`},
		{Pos{From: FromHub, Start: startHub, Moves: []string{"c3-c4"}}, "pos pos=" + startHub + " moves=c3-c4"},
		{Pos{From: FromFEN, Start: "8/8/4b3/3b4/3w4/8/8/8 w", Moves: []string{"d4xf6"}}, `pos fen="8/8/4b3/3b4/3w4/8/8/8 w" moves=d4xf6`},
		{Pos{From: FromHub, Start: ""}, `pos pos=""`},
	}
	for _, tt := range tests {
		if got := tt.p.Line().String(); got != tt.text {
			t.Errorf("%+v.Line() = %s, want %s", tt.p, got, tt.text)
		}
		if got := mustPos(t, tt.text); !reflect.DeepEqual(got, tt.p) {
			t.Errorf("ParsePos(%s) = %+v, want %+v", tt.text, got, tt.p)
		}
	}
	for text, want := range map[string]Pos{
		"pos":                      {},
		`pos moves="  "`:           {},
		"pos moves":                {},
		"pos x=1 moves=c3-c4":      {Moves: []string{"c3-c4"}},
		"pos pos pos=" + startHub:  {From: FromHub, Start: startHub},
		`pos moves="a  b" moves=c`: {Moves: []string{"c"}},
	} {
		if got := mustPos(t, text); !reflect.DeepEqual(got, want) {
			t.Errorf("ParsePos(%s) = %+v, want %+v", text, got, want)
		}
	}
}

func mustPos(t *testing.T, text string) Pos {
	t.Helper()
	l, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParsePos(l)
	if err != nil {
		t.Fatalf("ParsePos(%s): %v", text, err)
	}
	return p
}

func TestPosErrors(t *testing.T) {
	for text, why := range map[string]string{
		"pos start pos=" + startHub: "give only one of start, pos= and fen=",
		`pos pos=x fen="8/8 w"`:     "give only one of start, pos= and fen=",
		"pos pos":                   "pos= and fen= need a value",
		"pos fen":                   "pos= and fen= need a value",
		"level depth=1":             "not a pos line",
	} {
		l, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if p, err := ParsePos(l); err == nil || err.Error() != why {
			t.Errorf("ParsePos(%s) = %+v, %v; want the error %q", text, p, err, why)
		}
	}
}

func FuzzPos(f *testing.F) {
	for _, s := range []string{"", "start", "pos=" + startHub + ` moves="c3-c4 c6-c5"`, `fen="8/8/8/8/8/8/8/w7 w" moves=a1-a2`,
		"pos", `pos="" moves=" x  y "`, "start fen=x", "moves"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l, err := Parse(s); err == nil {
			ParsePos(l) // any command: no panic
		}
		l, err := Parse("pos " + s)
		if err != nil {
			return
		}
		p, err := ParsePos(l)
		if err != nil {
			return
		}
		back := roundTrip(t, p.Line(), ParsePos)
		if !reflect.DeepEqual(back, p) {
			t.Fatalf("%q reads as %+v, which formats as %s and reads back as %+v", s, p, p.Line(), back)
		}
		for _, m := range p.Moves {
			if m == "" || strings.ContainsAny(m, " \t") {
				t.Fatalf("%q reads as the move %q", s, m)
			}
		}
	})
}

// roundTrip formats l, parses the text and reads the line with parse,
// failing the test when any step fails.
func roundTrip[T any](t *testing.T, l Line, parse func(Line) (T, error)) T {
	t.Helper()
	text, err := l.Format()
	if err != nil {
		t.Fatalf("%s does not format: %v", l, err)
	}
	back, err := Parse(text)
	if err != nil {
		t.Fatalf("%q does not parse: %v", text, err)
	}
	v, err := parse(back)
	if err != nil {
		t.Fatalf("%q does not read back: %v", text, err)
	}
	return v
}
