package main

import (
	"strings"
	"testing"
)

// TestPositionAfterMoves: `dameo position` prints both forms after
// --moves, and the FEN form read back (as POSITION or --fen) is the same
// position in every command that takes one.
func TestPositionAfterMoves(t *testing.T) {
	out, errText, code := run(t, "position", "--moves", "1. d3-d4 d6-d5 2. d4xd6xb6")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errText)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	wantText := "bbbbbbbb/1bbbbbb1/1w2bb2/8/8/2w1ww2/1wwwwww1/wwwwwwww b"
	wantFEN := "B:Wa1,b1,b2,b6,c1,c2,c3,d1,d2,e1,e2,e3,f1,f2,f3,g1,g2,h1:Ba8,b7,b8,c7,c8,d7,d8,e6,e7,e8,f6,f7,f8,g7,g8,h8:H0:F2"
	if len(lines) != 2 || lines[0] != wantText || lines[1] != wantFEN {
		t.Fatalf("output:\n%s\nwant:\n%s\n%s", out, wantText, wantFEN)
	}
	byText, _, _ := run(t, "moves", wantText)
	byFEN, _, _ := run(t, "moves", "--fen", wantFEN)
	byArg, _, _ := run(t, "moves", wantFEN)
	byMoves, _, _ := run(t, "moves", "--moves", "d3-d4 d6-d5 d4xd6xb6")
	if byText == "" || byFEN != byText || byArg != byText || byMoves != byText {
		t.Fatalf("moves differ:\ntext %q\n--fen %q\nFEN arg %q\n--moves %q", byText, byFEN, byArg, byMoves)
	}
}

func TestPositionErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"position", "--moves", "d3-d4 d6-d5 d4-e5"}, `--moves: move 3: illegal move "d4-e5": a capture is compulsory`},
		{[]string{"moves", "--moves", "d3-d4 zz"}, `--moves: move 2: malformed move "zz"`},
		{[]string{"analyze", "--depth", "1", "--moves", "e3-e9"}, `--moves: move 1: malformed move "e3-e9"`},
		{[]string{"egtb", "probe", "--moves", "d4-d3", "8/8/8/3b4/3W4/8/8/8 w"}, `--moves: move 1: illegal move "d4-d3"`},
		{[]string{"book", "show", "--fen", "8/8/8/3b4/3W4/8/8/8 w"}, "not the FEN form"},
		{[]string{"position", "--fen", "W:Wa1:Ba1"}, "square a1 listed twice"},
		{[]string{"position", "8/8/8/3b4/3W4/8/8/8 w", "--fen", "W:Wa1:Bh8"}, "not both"},
	} {
		_, errText, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errText, c.want) {
			t.Errorf("%q: status %d, %q; want 2 and %q", c.args, code, errText, c.want)
		}
	}
}

// TestPositionKeepsTheFENClocks: a FEN's move number and halfmove clock
// are counted on, as Stockfish's FEN output keeps them (issue 36: F2 became
// F1).
func TestPositionKeepsTheFENClocks(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"position", "--fen", "B:Wa1,b1:Ba8,Kh8:H3:F2"}, "B:Wa1,b1:BKh8,a8:H3:F2"},
		{[]string{"position", "--fen", "B:Wa1,b1:Ba8,Kh8:H3:F2", "--moves", "h8-h7"}, "W:Wa1,b1:BKh7,a8:H4:F3"},
		{[]string{"position", "W:Wa1,b1:Ba8,Kh8:H3:F2", "--moves", "a1-a2"}, "B:Wa2,b1:BKh8,a8:H0:F2"},
	} {
		out, errOut, code := run(t, c.args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != 2 || lines[1] != c.want {
			t.Errorf("%v: status %d, stderr %q, output\n%s\nwant the FEN %s", c.args, code, errOut, out, c.want)
		}
	}
}
