// Tests of Threatened: hand-made positions, and random positions against a
// slow reference that walks the board square by square.

package engine

import (
	"math/rand/v2"
	"testing"
)

// squares is the set of the named squares.
func squares(t *testing.T, names ...string) Bitboard {
	t.Helper()
	var b Bitboard
	for _, n := range names {
		s, err := ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		b |= 1 << s
	}
	return b
}

func TestThreatenedHandMade(t *testing.T) {
	for _, tc := range []struct {
		pos          string
		white, black []string // the threatened pieces of each colour
	}{
		{"8/8/8/3b4/3w4/8/8/8 w", []string{"d4"}, []string{"d5"}}, // men face to face on a file
		{"8/8/8/3b4/3w4/3w4/8/8 w", nil, []string{"d5"}},          // no landing square behind d4
		{"8/8/8/8/wb6/8/8/8 w", nil, []string{"b4"}},              // the edge behind a4
		{"8/8/8/4b3/3w4/8/8/8 w", nil, nil},                       // no diagonal captures
		{"8/8/8/8/B3w3/8/8/8 w", []string{"e4"}, nil},             // a long leap
		{"8/8/8/8/B1w1w3/8/8/8 w", []string{"c4"}, nil},           // the nearest piece only
		{"8/8/8/8/B3ww2/8/8/8 w", nil, nil},                       // two in a row cannot be jumped
		{"8/8/8/8/8/8/8/B2w4 b", []string{"d1"}, nil},             // along the first rank
		{"7B/8/8/8/8/8/7W/8 b", []string{"h2"}, nil},              // a king is taken like a man
		{"8/8/8/8/3w4/8/8/B7 w", nil, nil},                        // no diagonal long leap
		{"8/8/2B5/8/2W5/8/8/8 w", []string{"c4"}, []string{"c6"}}, // kings leap both ways
		{"8/8/2b5/8/2W5/8/8/8 w", nil, []string{"c6"}},            // a man jumps only its neighbour
		{"8/8/8/2bwb3/8/8/8/8 w", nil, []string{"c5", "e5"}},      // d5 is hemmed in sideways
		{"8/8/8/2bwb3/8/8/8/8 b", nil, []string{"c5", "e5"}},      // whoever is to move
		{StartText, nil, nil},
	} {
		p, err := ParsePosition(tc.pos)
		if err != nil {
			t.Fatalf("%q: %v", tc.pos, err)
		}
		if got, want := p.Threatened(White), squares(t, tc.white...); got != want {
			t.Errorf("%q: white threatened %#x, want %#x", tc.pos, got, want)
		}
		if got, want := p.Threatened(Black), squares(t, tc.black...); got != want {
			t.Errorf("%q: black threatened %#x, want %#x", tc.pos, got, want)
		}
	}
}

// slowThreatened is Threatened by walking from each piece of colour c, in
// each orthogonal direction, back to the first piece behind it.
func slowThreatened(p *Position, c Color) Bitboard {
	occupied := p.Occupied()
	var t Bitboard
	for s := Square(0); s < 64; s++ {
		if p.Pieces(c)&(1<<s) == 0 {
			continue
		}
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			beyond, ok := step(s, d[0], d[1])
			if !ok || occupied&(1<<beyond) != 0 {
				continue
			}
			for n := 1; ; n++ {
				from, ok := step(s, -n*d[0], -n*d[1])
				if !ok {
					break
				}
				if occupied&(1<<from) == 0 {
					continue
				}
				if p.Kings(c.Other())&(1<<from) != 0 || n == 1 && p.Men(c.Other())&(1<<from) != 0 {
					t |= 1 << s
				}
				break
			}
		}
	}
	return t
}

func TestThreatenedAgainstSlowReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	found := 0
	for range 20000 {
		p := randomPosition(t, rng)
		for _, c := range []Color{White, Black} {
			got, want := p.Threatened(c), slowThreatened(&p, c)
			if got != want {
				t.Fatalf("%v: %v threatened %#x, want %#x", p, c, got, want)
			}
			if got != 0 {
				found++
			}
		}
	}
	if found < 1000 {
		t.Errorf("only %d positions with a threat: the test checks too little", found)
	}
}

func TestThreatenedMeansCapture(t *testing.T) {
	randomGames(40, 200, func(p *Position, _ *Game) {
		if p.HasCapture() != (p.Threatened(p.SideToMove().Other()) != 0) {
			t.Fatalf("%v: has capture %v, threatened enemy pieces %#x", p, p.HasCapture(), p.Threatened(p.SideToMove().Other()))
		}
	})
}
