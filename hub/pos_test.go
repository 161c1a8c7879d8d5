// Tests of the pos message: its lines both ways, its errors, and the fuzz
// target (parse of format is the identity; no text makes ParsePos panic).

package hub

import (
	"reflect"
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
		if got := mustRead(t, tt.text, ParsePos); !reflect.DeepEqual(got, tt.p) {
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
		if got := mustRead(t, text, ParsePos); !reflect.DeepEqual(got, want) {
			t.Errorf("ParsePos(%s) = %+v, want %+v", text, got, want)
		}
	}
}

func TestPosErrors(t *testing.T) {
	for text, why := range map[string]string{
		"pos start pos=" + startHub: "give only one of start, pos= and fen=",
		`pos pos=x fen="8/8 w"`:     "give only one of start, pos= and fen=",
		"pos pos":                   "pos= and fen= need a value",
		"pos fen":                   "pos= and fen= need a value",
		"level depth=1":             "not a pos line",
	} {
		if p, err := ParsePos(mustParse(t, text)); err == nil || err.Error() != why {
			t.Errorf("ParsePos(%s) = %+v, %v; want the error %q", text, p, err, why)
		}
	}
}

func FuzzPos(f *testing.F) {
	for _, s := range []string{"", "start", "pos=" + startHub + ` moves="c3-c4 c6-c5"`, `fen="8/8/8/8/8/8/8/w7 w" moves=a1-a2`,
		"pos", `pos="" moves=" x  y "`, "start fen=x", "moves"} {
		f.Add(s)
	}
	m := message[Pos]{command: "pos", read: ParsePos, line: Pos.Line, same: func(a, b Pos) bool { return reflect.DeepEqual(a, b) }}
	f.Fuzz(m.fuzz)
}
