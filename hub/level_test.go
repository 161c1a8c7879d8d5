// Tests of the level message: its lines both ways, how lines add up, its
// errors, and the fuzz target (parse of format is the identity for what a
// line carries; no text makes Add panic).

package hub

import (
	"testing"
	"time"
)

func TestLevelLine(t *testing.T) {
	for _, tt := range []struct {
		lv   Level
		text string
	}{
		{Level{}, "level"},
		{Level{Depth: 8}, "level depth=8"},
		{Level{Nodes: 100000}, "level nodes=100000"},
		{Level{MoveTime: 250 * time.Millisecond}, "level move-time=0.25"},
		{Level{MoveTime: 100 * time.Microsecond}, "level move-time=0.001"},
		{Level{Clock: true, Time: time.Minute, Inc: time.Second}, "level time=60 inc=1"},
		{Level{Clock: true, Moves: 40, Time: 90 * time.Second}, "level moves=40 time=90"},
		{Level{Clock: true}, "level time=0"},
		{Level{Clock: true, Time: -time.Second}, "level time=0"},
		{Level{Infinite: true}, "level infinite"},
		{Level{Time: time.Second, Inc: time.Second, Moves: 3}, "level"}, // no clock: its fields are not written
		{Level{Clock: true, Time: time.Minute, MoveTime: 2 * time.Second, Depth: 3, Nodes: 5}, "level time=60 move-time=2 depth=3 nodes=5"},
	} {
		if got := tt.lv.Line().String(); got != tt.text {
			t.Errorf("%+v.Line() = %s, want %s", tt.lv, got, tt.text)
		}
	}
}

func TestLevelAdd(t *testing.T) {
	add := func(lv Level, text string) Level {
		t.Helper()
		lv, err := lv.Add(mustParse(t, text), 100)
		if err != nil {
			t.Fatalf("Add(%s): %v", text, err)
		}
		return lv
	}
	lv := add(Level{}, "level time=60 inc=0.5 moves=40 other=x")
	if want := (Level{Clock: true, Time: time.Minute, Inc: 500 * time.Millisecond, Moves: 40}); lv != want {
		t.Errorf("got %+v, want %+v", lv, want)
	}
	lv = add(lv, "level depth=5 time=30")
	if want := (Level{Clock: true, Time: 30 * time.Second, Inc: 500 * time.Millisecond, Moves: 40, Depth: 5}); lv != want {
		t.Errorf("a second line: got %+v, want %+v", lv, want)
	}
	if lv = add(lv, "level infinite"); lv != (Level{Infinite: true}) {
		t.Errorf("infinite after limits: %+v", lv)
	}
	if lv = add(lv, "level nodes=7"); lv != (Level{Nodes: 7}) {
		t.Errorf("a limit after infinite: %+v", lv)
	}
	if lv = add(Level{}, "level time=0.0004"); lv != (Level{Clock: true, Time: 400 * time.Microsecond}) {
		t.Errorf("a time under the resolution: %+v", lv)
	}
}

func TestLevelErrors(t *testing.T) {
	for text, why := range map[string]string{
		"level depth=0":          "bad level depth=0: want a whole number from 1 to 100",
		"level depth=101":        "bad level depth=101: want a whole number from 1 to 100",
		"level depth":            "bad level depth=: want a whole number from 1 to 100",
		"level nodes=-1":         "bad level nodes=-1: want a whole number from 1 to 9223372036854775807",
		"level moves=2147483648": "bad level moves=2147483648: want a whole number from 0 to 2147483647",
		"level move-time=0":      "bad level move-time=0: want a number of seconds from 0.001 to 31536000",
		"level time=1e3":         "bad level time=1e3: want a number of seconds from 0 to 31536000",
		"level inc=31536001":     "bad level inc=31536001: want a number of seconds from 0 to 31536000",
		"level infinite=1":       "bad level infinite=1: infinite takes no value",
		"level depth=3 time=x":   "bad level time=x: want a number of seconds from 0 to 31536000",
		"pos start":              "not a level line",
	} {
		if lv, err := (Level{Depth: 2}).Add(mustParse(t, text), 100); err == nil || err.Error() != why || lv != (Level{}) {
			t.Errorf("Add(%s) = %+v, %v; want the zero Level and the error %q", text, lv, err, why)
		}
	}
}

func FuzzLevel(f *testing.F) {
	for _, s := range []string{"", "depth=8", "nodes=100000", "move-time=0.25", "moves=40 time=60 inc=0.5", "time=0",
		"infinite", "infinite depth=3", "depth=3 infinite", "time=0.0005 inc=.0015", "depth=101", "move-time=0", "infinite=1"} {
		f.Add(s)
	}
	add := func(l Line) (Level, error) { return (Level{}).Add(l, 100) }
	m := message[Level]{command: "level", read: add, line: Level.Line, same: func(a, b Level) bool { return a == b }, rounds: true}
	f.Fuzz(m.fuzz)
}
