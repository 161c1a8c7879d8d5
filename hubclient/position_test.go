// The pos and set-param lines (the level line is hub.Level's, tested there).

package hubclient

import "testing"

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
