package engine

import (
	"strings"
	"testing"
)

func TestStartFEN(t *testing.T) {
	if got := StartPosition().FEN(); got != StartFEN {
		t.Fatalf("start position FEN:\n got %s\nwant %s", got, StartFEN)
	}
	p, err := ParseFEN(StartFEN)
	if err != nil || p != StartPosition() {
		t.Fatalf("ParseFEN(StartFEN) = %v, %v; want the start position", p, err)
	}
	if q, err := ParsePosition(StartFEN); err != nil || q != StartPosition() {
		t.Fatalf("ParsePosition(StartFEN) = %v, %v; want the start position", q, err)
	}
}

// TestFENRoundTrip reads positions with kings, either side to move and
// the lists in either order, and checks both forms agree.
func TestFENRoundTrip(t *testing.T) {
	for _, c := range []struct{ fen, text, canonical string }{
		{"W:WKa5,Kb2,c4:BKf7,e8,f6:H0:F1", "4b3/5B2/5b2/W7/2w5/8/1W6/8 w", ""},
		{"B:Bd5:Wd4:H3:F12", "8/8/8/3b4/3w4/8/8/8 b", "B:Wd4:Bd5:H0:F1"},
		{"W:W:Bh8", "7b/8/8/8/8/8/8/8 w", "W:W:Bh8:H0:F1"},
		{"B:WKa8:BKh1", "W7/8/8/8/8/8/8/7B b", "B:WKa8:BKh1:H0:F1"},
		{" W:Wa1,,b1:Bh8:H0 ", "7b/8/8/8/8/8/8/ww6 w", "W:Wa1,b1:Bh8:H0:F1"},
		{"W:Wa5.k,Kb2,c4:Bf7.k,e8,f6:H0:F1", "4b3/5B2/5b2/W7/2w5/8/1W6/8 w", "W:WKa5,Kb2,c4:BKf7,e8,f6:H0:F1"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		if p.String() != c.text {
			t.Errorf("%s reads as %s, want %s", c.fen, p, c.text)
		}
		want := c.canonical
		if want == "" {
			want = c.fen
		}
		if p.FEN() != want {
			t.Errorf("%s writes back as %s, want %s", c.fen, p.FEN(), want)
		}
		if q, err := ParsePosition(c.text); err != nil || q.FEN() != want {
			t.Errorf("position text %s: FEN %s, %v; want %s", c.text, q.FEN(), err, want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"W:Wa1", "want side:Wsquares:Bsquares"},
		{"X:Wa1:Bh8", "bad side to move"},
		{"W:Wa1:Wh8", "two piece lists for white"},
		{"W:Xa1:Bh8", "does not start with 'W' or 'B'"},
		{"W:Wa1,a1:Bh8", "square a1 listed twice"},
		{"W:Wa1:Ba1", "square a1 listed twice"},
		{"W:Wi9:Bh8", `bad piece "i9"`},
		{"W:WGa1:Bh8", `bad piece "Ga1"`},
		{"W:WKa1.k:Bh8", `bad piece "Ka1.k"`},
		{"W:Wa1.m:Bh8", `bad piece "a1.m"`},
		{"W:Wa1:Bh8:H-1", "bad halfmove clock"},
		{"W:Wa1:Bh8:H0:F0", "bad fullmove number"},
		{"W:Wa1:Bh8:H0:F99999999999999999999", "bad fullmove number"},
		{"W:Wa1:Bh8:H+1", "bad halfmove clock"},
		{"W:Wa1:Bh8:F1:H0", `unexpected field "H0"`},
		{"W:Wa1:Bh8:H0:F1:X", `unexpected field "X"`},
		{"W:Wa8:Bh8", "white man on a8"},
	} {
		_, err := ParsePosition(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to say %q", c.fen, err, c.want)
		}
	}
}

func TestGameFEN(t *testing.T) {
	g, err := PlayLine(StartPosition(), "1. d3-d4 d6-d5 2. d4xd6xb6")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.FEN(), g.Position().fenWithClocks(0, 2); got != want {
		t.Fatalf("after 3 plies with a capture: %s, want %s", got, want)
	}
	k, err := ParsePosition("8/8/8/8/3W4/8/8/7B b")
	if err != nil {
		t.Fatal(err)
	}
	g = NewGame(k)
	for _, m := range []string{"h1-g1", "d4-d5", "g1-h1"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	// Black started: 3 plies are move 1 (Black), 2 and 2 (Black) done: move 3 next, White to move.
	if got := g.FEN(); !strings.HasSuffix(got, ":H3:F3") || !strings.HasPrefix(got, "W:") {
		t.Fatalf("three king moves from Black's move 1: %s, want W:...:H3:F3", got)
	}
}

func TestPlayLineErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"d3-d4 d6-d5 d4-e5", `move 3: illegal move "d4-e5": a capture is compulsory`},
		{"1. d3-d4 1... zz", `move 2: malformed move "zz": bad square "zz"`},
		{"d3-d3", `move 1: illegal move "d3-d3"`},
	} {
		_, err := PlayLine(StartPosition(), c.line)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %q", c.line, err, c.want)
		}
	}
	g, err := PlayLine(StartPosition(), "1. d3-d4 e6-e5 *")
	if err != nil || len(g.Moves()) != 2 {
		t.Fatalf("numbers and result skipped: %v, %v", g, err)
	}
}
