package engine

import (
	"errors"
	"strings"
	"testing"
)

// TestMoveRoundTrips formats every legal move of random games in full form
// and parses it back; captures also in short form where that is unambiguous.
func TestMoveRoundTrips(t *testing.T) {
	captures, shorts, ambiguous := 0, 0, 0
	randomGames(60, 200, func(p *Position, _ *Game) {
		moves := p.LegalMoves()
		for _, m := range moves {
			full := p.FormatMove(m)
			got, err := p.ParseMove(full)
			if err != nil || got != m {
				t.Fatalf("%v: %q parsed as %v, %v; want %v", p, full, got, err, m)
			}
			if !m.IsCapture() {
				continue
			}
			captures++
			if strings.Count(full, "x") != m.CaptureCount() {
				t.Fatalf("%v: %q lists %d legs for %d captures", p, full, strings.Count(full, "x"), m.CaptureCount())
			}
			short := m.From.String() + "x" + m.To.String()
			same := 0
			for _, o := range moves {
				if o.From == m.From && o.To == m.To {
					same++
				}
			}
			got, err = p.ParseMove(short)
			if same == 1 {
				if err != nil || got != m {
					t.Fatalf("%v: short %q parsed as %v, %v; want %v", p, short, got, err, m)
				}
				shorts++
			} else if me := (*MoveError)(nil); !errors.As(err, &me) || me.Kind != AmbiguousMove || me.Text != short {
				t.Fatalf("%v: ambiguous short %q gave %v, %v", p, short, got, err)
			} else {
				ambiguous++
			}
		}
	})
	if captures < 100 || shorts < 100 || ambiguous == 0 {
		t.Errorf("too few captures checked: %d captures, %d short forms, %d ambiguous", captures, shorts, ambiguous)
	}
}

func TestParseMoveErrors(t *testing.T) {
	start := StartPosition()
	capture, _ := ParsePosition("8/8/8/3bb3/2bw4/3b4/8/8 w")
	ambiguous, _ := ParsePosition("8/8/8/8/8/b7/8/W7 w")
	multi, _ := ParsePosition("8/8/8/8/7b/8/b6b/w6w w")
	for _, c := range []struct {
		p    Position
		move string
		want string
		kind MoveErrorKind
	}{
		{start, "", "malformed", MalformedMove},
		{start, "d3", "malformed", MalformedMove},
		{start, "d3-", "malformed", MalformedMove},
		{start, "d3-d9", "bad square", MalformedMove},
		{start, "i3-d4", "malformed", MalformedMove},
		{start, "d3-d4-d5", "two squares", MalformedMove},
		{start, "d3xd4", "no capture is possible", IllegalMove},
		{start, "d3-d5", "illegal", IllegalMove},
		{start, "d6-d5", "illegal", IllegalMove},
		{start, "e4-e5", "illegal", IllegalMove},
		{start, "d3-d4xd5", "mixes", MalformedMove},
		{start, "D3-D4", "malformed", MalformedMove},
		{start, "d3 d4", "malformed", MalformedMove},
		{capture, "d4-d5", "capture is compulsory", IllegalMove},
		{capture, "d4xf4", "does not jump", IllegalMove},
		{capture, "d4xc5", "not along a rank or file", IllegalMove},
		{capture, "d4xd4", "not along a rank or file", IllegalMove},
		{capture, "d4xd6xd4", "does not jump", IllegalMove},
		{capture, "e5xe3", "no white piece", IllegalMove},
		{multi, "h1xh3", "no legal capture goes from h1 to h3", IllegalMove},
		{multi, "a1xa3", "no legal capture goes from a1 to a3", IllegalMove},
		{multi, "h1xh3xh3", "not along a rank or file", IllegalMove},
		{multi, "a1xa3xa5", "does not jump", IllegalMove},
		{multi, "h1xh5xh3", "a man jumps one square", IllegalMove},
		{ambiguous, "a1xa9", "bad square", MalformedMove},
	} {
		_, err := c.p.ParseMove(c.move)
		var me *MoveError
		if !errors.As(err, &me) || me.Kind != c.kind || me.Text != c.move || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: ParseMove(%q) error %v, want a %v MoveError about %q", c.p, c.move, err, c.kind, c.want)
		}
	}
}

// TestMoveErrorMessages: the text of a MoveError, with and without detail.
func TestMoveErrorMessages(t *testing.T) {
	p, _ := ParsePosition("W7/8/b2b4/1b6/8/8/8/1B6 w")
	for move, want := range map[string]string{
		"a8xd7": `ambiguous move "a8xd7": 2 captures go from a8 to d7; give every landing square`,
		"d3":    `malformed move "d3"`,
		"a8-a7": `illegal move "a8-a7": a capture is compulsory`,
	} {
		if _, err := p.ParseMove(move); err == nil || err.Error() != want {
			t.Errorf("ParseMove(%q) error %v, want %s", move, err, want)
		}
	}
	start := StartPosition()
	if _, err := start.ParseMove("d3-d5"); err == nil || err.Error() != `illegal move "d3-d5"` {
		t.Errorf("d3-d5: %v", err)
	}
}

// TestFullFormAcceptsAnyPath accepts every legal path of a move, not only
// the one FormatMove prints.
func TestFullFormAcceptsAnyPath(t *testing.T) {
	p, _ := ParsePosition("W7/8/b7/8/8/8/b7/8 w")
	want, err := p.ParseMove("a8xa3xa1")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"a8xa4xa1", "a8xa5xa1", "a8xa1"} {
		if got, err := p.ParseMove(path); err != nil || got != want {
			t.Errorf("%s: got %v, %v; want %v", path, got, err, want)
		}
	}
	p, _ = ParsePosition("8/8/4b3/3b1b2/3wb3/8/8/8 w")
	a, err1 := p.ParseMove("d4xd6xf6xf4xd4")
	b, err2 := p.ParseMove("d4xf4xf6xd6xd4")
	if err1 != nil || err2 != nil || a != b {
		t.Errorf("the two ways round the square: %v %v, %v %v", a, err1, b, err2)
	}
}

func TestFormatLineStopsAtIllegalMove(t *testing.T) {
	p := StartPosition()
	g := NewGame(p)
	playAll(t, g, "c3-c4", "f6-f5", "c4-c5")
	line := g.Moves()
	if got, want := p.FormatLine(line), "c3-c4 f6-f5 c4-c5"; got != want {
		t.Errorf("FormatLine = %q, want %q", got, want)
	}
	bad := append([]Move{line[0], line[2]}, line[1]) // c4-c5 is not Black's move
	if got, want := p.FormatLine(bad), "c3-c4"; got != want {
		t.Errorf("FormatLine with an illegal second move = %q, want %q", got, want)
	}
	if p.IsLegal(line[1]) || !p.IsLegal(line[0]) || p.IsLegal(NoMove) {
		t.Error("IsLegal is wrong about the start position's moves")
	}
}
