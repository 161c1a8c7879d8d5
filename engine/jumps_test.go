// Tests of following captures jump by jump.

package engine

import (
	"math/rand/v2"
	"testing"
)

func pathOf(t *testing.T, names ...string) []Square {
	t.Helper()
	var path []Square
	for _, n := range names {
		s, err := ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		path = append(path, s)
	}
	return path
}

func TestFollowJumps(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		path []string
		done string // the completed move in full notation, "" for none
		more bool
	}{
		{"8/8/3b4/8/3b4/3w4/8/8 w", []string{"d3", "d5"}, "", true},
		{"8/8/3b4/8/3b4/3w4/8/8 w", []string{"d3", "d5", "d7"}, "d3xd5xd7", false},
		{"8/8/3b4/8/3b4/3w4/8/8 w", []string{"d3", "d4"}, "", false},
		{"8/8/3b4/8/3b4/3w4/8/8 w", []string{"d3", "d5", "d7", "d8"}, "", false},
		{"8/8/8/3b4/3w4/8/8/8 w", []string{"d4", "d6"}, "d4xd6", false},
		// The majority rule: a4 may not start, d4 must take two.
		{"8/3b4/8/b2b4/w2w4/8/8/8 w", []string{"a4", "a6"}, "", false},
		{"8/3b4/8/b2b4/w2w4/8/8/8 w", []string{"d4", "d6"}, "", true},
		{"8/3b4/8/b2b4/w2w4/8/8/8 w", []string{"d4", "d6", "d8"}, "d4xd6xd8", false},
		// A king's long leap lands on any square behind the victim.
		{"8/8/8/8/3B4/3w4/8/8 b", []string{"d4", "d1"}, "d4xd1", false},
		{"8/8/8/8/3B4/3w4/8/8 b", []string{"d4", "d2"}, "d4xd2", false},
		// Crowning squares passed in the middle of a capture.
		{"3b4/2b1b3/2w5/8/8/8/8/8 w", []string{"c6", "c8", "e8"}, "", true},
		{"3b4/2b1b3/2w5/8/8/8/8/8 w", []string{"c6", "c8", "e8", "e6"}, "c6xc8xe8xe6", false},
		// No capture at all: quiet moves are not jumps.
		{StartText, []string{"c3", "c4"}, "", false},
		{StartText, []string{"c3"}, "", false},
	} {
		p, err := ParsePosition(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		done, more := p.FollowJumps(pathOf(t, tc.path...))
		got := ""
		if done != NoMove {
			got = p.FormatMove(done)
		}
		if got != tc.done || more != tc.more {
			t.Errorf("%s %v: got %q more=%v, want %q more=%v", tc.fen, tc.path, got, more, tc.done, tc.more)
		}
	}
}

// Every prefix of every legal capture's path, in random games, continues,
// and the whole path completes the move.
func TestFollowJumpsRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	captures := 0
	for game := 0; game < 40; game++ {
		p := StartPosition()
		for ply := 0; ply < 150; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				if !m.IsCapture() {
					continue
				}
				captures++
				var path [MaxCapturePath]Square
				n := p.capturePath(m, path[:])
				for k := 2; k < n; k++ {
					if done, more := p.FollowJumps(path[:k]); done != NoMove || !more {
						t.Fatalf("%v: prefix %v of %s: done=%v more=%v", p, path[:k], p.FormatMove(m), done, more)
					}
				}
				if done, more := p.FollowJumps(path[:n]); done != m || more {
					t.Fatalf("%v: path of %s: done=%v more=%v", p, p.FormatMove(m), done, more)
				}
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	if captures < 100 {
		t.Fatalf("only %d captures in the random games", captures)
	}
}
