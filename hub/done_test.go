// Tests of the done message: its lines both ways, its errors, and the fuzz
// target (parse of format is the identity; no text makes ParseDone panic).

package hub

import (
	"testing"
)

func TestDone(t *testing.T) {
	for _, tt := range []struct {
		d    Done
		text string
	}{
		{Done{}, "done"},
		{Done{Move: "d3-d4"}, "done move=d3-d4"},
		{Done{Move: "d4xd6xf6", Ponder: "e7-e6"}, "done move=d4xd6xf6 ponder=e7-e6"},
	} {
		if got := tt.d.Line().String(); got != tt.text {
			t.Errorf("%+v.Line() = %s, want %s", tt.d, got, tt.text)
		}
		l, _ := Parse(tt.text + " extra=1")
		if got, err := ParseDone(l); err != nil || got != tt.d {
			t.Errorf("ParseDone(%s) = %+v, %v; want %+v", tt.text, got, err, tt.d)
		}
	}
}

func TestDoneErrors(t *testing.T) {
	for text, why := range map[string]string{
		"done move":               "bad done: move needs a value",
		"done move=a ponder":      "bad done: ponder needs a value",
		`done move=""`:            `bad done move="": want one move`,
		`done move="a b"`:         `bad done move="a b": want one move`,
		`done move=a ponder=" b"`: `bad done ponder=" b": want one move`,
		"done ponder=e7-e6":       "bad done: ponder= without move=",
		"info depth=1 pv=c3-c4":   "not a done line",
	} {
		if d, err := ParseDone(mustParse(t, text)); err == nil || err.Error() != why || d != (Done{}) {
			t.Errorf("ParseDone(%s) = %+v, %v; want the error %q", text, d, err, why)
		}
	}
}

func FuzzDone(f *testing.F) {
	for _, s := range []string{"", "move=d3-d4", "move=d4xd6xf6 ponder=e7-e6", "ponder=x", `move="a b"`, "move", `move=""`} {
		f.Add(s)
	}
	m := message[Done]{command: "done", read: ParseDone, line: Done.Line, same: func(a, b Done) bool { return a == b }}
	f.Fuzz(m.fuzz)
}
