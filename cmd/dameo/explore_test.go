// Tests of `dameo explore`: the table of a position's moves, the games
// skipped, the filters, and bad input.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// explorePDN is three games, two of which meet after three plies by two
// move orders, an unfinished game and one with an illegal move.
const explorePDN = `[White "Eve"]
[Black "Fay"]
[Result "1-0"]

1. e3-e4 d6-d5 2. f3-f4 1-0

[White "Fay"]
[Black "Eve"]
[Result "1/2-1/2"]

1. e3-e4 d6-d5 (1... c6-c5 2. f3-f4) 2. d3-d4 1/2-1/2

[White "Gus"]
[Black "Fay"]
[Result "0-1"]

1. f3-f4 d6-d5 2. e3-e4 e6-e5 0-1

1. f3-f4 *

1. e3-e5 *
`

func writeExploreFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.pdn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExplorePrintsThePositionsMoves(t *testing.T) {
	file := writeExploreFile(t, explorePDN)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, `4 games indexed, 1 skipped, 0 left out by the filter
White to move: 4 games reached the position; score: White's share of the points
move     games  white  draws  black   score
e3-e4        2      1      1      0   75.0%
f3-f4        2      0      0      1    0.0%
total        4      1      1      1   50.0%
`},
		{[]string{"--moves", "f3-f4 d6-d5 e3-e4"}, `4 games indexed, 1 skipped, 0 left out by the filter
Black to move: 2 games reached the position; score: Black's share of the points
move     games  white  draws  black   score
e6-e5        1      0      0      1  100.0%
(ended)      1      1      0      0    0.0%
total        2      1      0      1   50.0%
`},
		{[]string{"--player", "eve", "--fen", "W:Wa1,b1,b2,c1,c2,c3,d1,d2,d3,e1,e2,e4,f1,f2,f3,g1,g2,h1:Ba8,b7,b8,c6,c7,c8,d5,d7,d8,e6,e7,e8,f6,f7,f8,g7,g8,h8:H0:F2"}, `2 games indexed, 0 skipped, 3 left out by the filter
White to move: 2 games reached the position; score: White's share of the points
move     games  white  draws  black   score
d3-d4        1      0      1      0   50.0%
f3-f4        1      1      0      0  100.0%
total        2      1      1      0   75.0%
`},
		{[]string{"--white", "nobody", "--moves", "e3-e4"}, `0 games indexed, 0 skipped, 5 left out by the filter
Black to move: no game reached the position
`},
		{[]string{"--black", " FAY", "--result", "0-1", "--moves", "f3-f4"}, `1 game indexed, 0 skipped, 4 left out by the filter
Black to move: 1 game reached the position; score: Black's share of the points
move     games  white  draws  black   score
d6-d5        1      0      0      1  100.0%
total        1      0      0      1  100.0%
`},
	} {
		out, errOut, code := run(t, append([]string{"explore", "--games", file}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("explore %q: status %d, output\n%s\nwant\n%s", c.args, code, out, c.want)
		}
		skipped := strings.Contains(c.want, "1 skipped")
		if want := `1 game skipped; the first: game 5: move 1 (e3-e5): illegal move "e3-e5"`; skipped != strings.Contains(errOut, want) {
			t.Errorf("explore %q: standard error %q; want %q there: %v", c.args, errOut, want, skipped)
		}
	}
	// Two files: the games of both.
	out, _, code := run(t, "explore", "--games", file, "--games", file)
	if code != 0 || !strings.HasPrefix(out, "8 games indexed, 2 skipped") {
		t.Errorf("two files: status %d, output\n%s", code, out)
	}
}

func TestExploreRefusesBadInput(t *testing.T) {
	file := writeExploreFile(t, explorePDN)
	dir := t.TempDir()
	binary := filepath.Join(dir, "binary.pdn")
	if err := os.WriteFile(binary, []byte("\x89PNG\r\n\x1a\n\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"explore"},
		{"explore", "--games", filepath.Join(dir, "missing.pdn")},
		{"explore", "--games", dir},
		{"explore", "--games", binary},
		{"explore", "--games", file, "--result", "2-0"},
		{"explore", "--games", file, "--moves", "e3-e5"},
		{"explore", "--games", file, "8/8/8 w"},
	} {
		expectBadInput(t, args...)
	}
}
