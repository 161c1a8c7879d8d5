// The pos, level and set-param lines.

package hubclient

import (
	"testing"
	"time"
)

func TestLevelLine(t *testing.T) {
	for _, c := range []struct {
		lim  Limits
		want string
	}{
		{Limits{}, "level"},
		{Limits{Clock: true, Moves: 2, Time: 10 * time.Second, Inc: time.Second}, "level moves=2 time=10 inc=1"},
		{Limits{Clock: true, Time: -time.Second}, "level time=0"},
		{Limits{MoveTime: 100 * time.Millisecond}, "level move-time=0.1"},
		// A move time too short for a line is sent as the shortest one, not
		// as 0, which the engine would refuse.
		{Limits{MoveTime: 100 * time.Microsecond}, "level move-time=0.001"},
		{Limits{Clock: true, Time: time.Second, Depth: 8, Nodes: 1000}, "level time=1 depth=8 nodes=1000"},
		{Limits{Time: time.Second, Inc: time.Second, Moves: 3}, "level"}, // no clock: its fields are not sent
	} {
		if got := c.lim.Line().String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.lim, got, c.want)
		}
	}
}

func TestPosLine(t *testing.T) {
	for _, c := range []struct {
		pos  Position
		want string
	}{
		{Position{}, "pos start"},
		{Position{Moves: []string{"c3-c4", "f6-f5"}}, `pos start moves="c3-c4 f6-f5"`},
		{Position{Start: "Wee", Moves: []string{"d4xf6"}}, "pos pos=Wee moves=d4xf6"},
	} {
		if got := c.pos.Line().String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.pos, got, c.want)
		}
	}
	a := Position{Moves: []string{"c3-c4"}}
	if !a.Equal(Position{Moves: []string{"c3-c4"}}) || a.Equal(Position{}) || a.Equal(Position{Start: "x", Moves: a.Moves}) {
		t.Error("Equal")
	}
}

func TestParamLine(t *testing.T) {
	if got := (Param{"book-file", "my book.bin"}).Line().String(); got != `set-param name=book-file value="my book.bin"` {
		t.Errorf("set-param line %q", got)
	}
	if got := (Param{"book-file", ""}).Line().String(); got != `set-param name=book-file value=""` {
		t.Errorf("set-param line %q", got)
	}
}
