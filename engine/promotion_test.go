// Tests of the crowning rank and of Crowns, on hand-made positions and
// against Play on the positions of random games.

package engine

import "testing"

func TestCrowningRank(t *testing.T) {
	if CrowningRank(White) != 7 || CrowningRank(Black) != 0 {
		t.Errorf("crowning ranks %d and %d, want 7 (rank 8) and 0 (rank 1)", CrowningRank(White), CrowningRank(Black))
	}
	start := StartPosition()
	for _, c := range []Color{White, Black} {
		if CrowningMask(c) != RankMask(CrowningRank(c)) {
			t.Errorf("%v: crowning mask %#x is not rank %d", c, CrowningMask(c), CrowningRank(c))
		}
		if start.Pieces(c.Other())&CrowningMask(c) != RankMask(CrowningRank(c)) {
			t.Errorf("%v crowns on %#x, which is not the opponent's first rank", c, CrowningMask(c))
		}
	}
}

func TestCrownsHandMade(t *testing.T) {
	for _, tc := range []struct {
		pos, move string
		want      bool
	}{
		{"8/3w4/8/8/8/8/8/8 w", "d7-d8", true},              // a step
		{"8/3w4/8/8/8/8/8/8 w", "d7-e8", true},              // a diagonal step
		{"8/3W4/8/8/8/8/8/8 w", "d7-d8", false},             // a king is crowned already
		{"8/3w4/3w4/3w4/8/8/8/8 w", "d5-d8", true},          // a linear move
		{"8/8/3w4/8/8/8/8/8 w", "d6-d7", false},             // not yet the far rank
		{"8/8/8/8/8/8/3b4/8 b", "d2-d1", true},              // Black crowns on rank 1
		{"8/8/8/8/8/8/3w4/8 w", "d2-d3", false},             // rank 1 is White's own
		{"8/3b4/3w4/8/8/8/8/8 w", "d6xd8", true},            // a capture ending on the far rank
		{"8/1b6/2b5/3b4/3w4/8/8/8 w", "d4xd6xb6xb8", true},  // a multi-capture ending on it
		{"3b4/2b1b3/2w5/8/8/8/8/8 w", "c6xc8xe8xe6", false}, // one passing over it
		{"3b4/2bw4/8/8/8/8/8/8 w", "d7xb7", false},          // a sideways capture short of it
	} {
		p, m := positionAndMove(t, tc.pos, tc.move)
		if got := p.Crowns(m); got != tc.want {
			t.Errorf("%q %s: crowns %v, want %v", tc.pos, tc.move, got, tc.want)
		}
	}
}

func TestCrownsAgainstPlay(t *testing.T) {
	crowning := 0
	randomGames(40, 200, func(p *Position, _ *Game) {
		us := p.SideToMove()
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			want := p.Men(us)&(1<<m.From) != 0 && q.Kings(us)&(1<<m.To) != 0
			if p.Crowns(m) != want {
				t.Fatalf("%v %s: crowns %v, Play says %v", p, p.FormatMove(m), p.Crowns(m), want)
			}
			if want {
				crowning++
			}
		}
	})
	if crowning == 0 {
		t.Errorf("no crowning move in the random games: the test checked nothing")
	}
}
