// Tests of the 2×2 blocks: block contents against a square by square
// reference, from either side's view.

package eval

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

// referenceBlocks are the 2×2 blocks' contents of p, one square at a
// time from the side to move's view (Black's board turned by engine.Orient).
func referenceBlocks(p *engine.Position) [NumBlocks]uint8 {
	us := p.SideToMove()
	var idx [NumBlocks]uint8
	for r := range 7 {
		for f := range 7 {
			c, pow := 0, 1
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} { // file, rank steps
				bit := engine.Bitboard(1) << (8*(r+d[1]) + f + d[0])
				switch {
				case engine.Orient(p.Pieces(us), us)&bit != 0:
					c += pow
				case engine.Orient(p.Pieces(us.Other()), us)&bit != 0:
					c += 2 * pow
				}
				pow *= 3
			}
			idx[7*r+f] = uint8(c)
		}
	}
	return idx
}

func TestBlocksMatchReference(t *testing.T) {
	matchesReference(t, 100, "blocks", BlockContents, referenceBlocks)
}

// TestBlocksSeeOwnAndEnemy: the start position seen by White and by
// Black has the same blocks (it is symmetric), and a lone piece is in the
// block a1–b2 as an own piece or an enemy one.
func TestBlocksSeeOwnAndEnemy(t *testing.T) {
	white := engine.StartPosition()
	black, err := engine.ParsePosition(engine.StartText[:len(engine.StartText)-1] + "b")
	if err != nil {
		t.Fatal(err)
	}
	var a, b [NumBlocks]uint8
	BlockContents(&white, &a)
	BlockContents(&black, &b)
	if a != b {
		t.Errorf("the start position's blocks differ by the side to move:\n%v\n%v", a, b)
	}
	for _, tc := range []struct {
		pos  string
		want uint8 // the contents of block a1–b2
	}{
		{"8/8/8/8/8/8/8/w7 w", 1},  // own piece lower left
		{"8/8/8/8/8/8/8/1B6 w", 6}, // enemy piece lower right: 2×3
		{"8/8/8/8/8/8/w7/8 w", 9},  // own piece upper left: 3²
		{"8/8/8/8/8/8/1W6/8 w", 27},
		{"b7/8/8/8/8/8/8/8 b", 1}, // Black's a8 is its own a1 corner
	} {
		p, err := engine.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		BlockContents(&p, &a)
		if a[0] != tc.want {
			t.Errorf("%s: block a1–b2 holds %d, want %d", tc.pos, a[0], tc.want)
		}
	}
}
