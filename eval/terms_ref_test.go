// A slow reference of the evaluation's feature counts, square by square
// from the rules' description of each term, checked against termCounts
// on the positions of random games.

package eval

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

// referenceCounts counts the terms of p one square at a time.
func referenceCounts(p *engine.Position) [NumTerms]int32 {
	var c [NumTerms]int32
	us := p.SideToMove()
	at := func(file, rank int) (color engine.Color, king, occupied bool) {
		if file < 0 || file > 7 || rank < 0 || rank > 7 {
			return 0, false, true // off the board: never empty
		}
		bit := engine.Bitboard(1) << (8*rank + file)
		switch {
		case p.Pieces(engine.White)&bit != 0:
			return engine.White, p.Kings(engine.White)&bit != 0, true
		case p.Pieces(engine.Black)&bit != 0:
			return engine.Black, p.Kings(engine.Black)&bit != 0, true
		}
		return 0, false, false
	}
	isMan := func(col engine.Color, file, rank int) bool {
		c, king, occ := at(file, rank)
		return occ && c == col && !king && file >= 0 && file <= 7 && rank >= 0 && rank <= 7
	}
	empty := func(file, rank int) bool { _, _, occ := at(file, rank); return !occ }
	for _, side := range []engine.Color{engine.White, engine.Black} {
		sign := int32(1)
		if side != us {
			sign = -1
		}
		fwd := 1 // the direction of side's men along the ranks
		if side == engine.Black {
			fwd = -1
		}
		var west, men int32
		for sq := range 64 {
			file, rank := sq%8, sq/8
			col, king, occ := at(file, rank)
			if !occ || col != side {
				continue
			}
			if king {
				c[TermKing] += sign
				for df := -1; df <= 1; df++ {
					for dr := -1; dr <= 1; dr++ {
						if (df != 0 || dr != 0) && empty(file+df, rank+dr) {
							c[TermKingMobility] += sign
						}
					}
				}
				continue
			}
			own := rank // the rank counted from side's first rank
			if side == engine.Black {
				own = 7 - rank
			}
			men++
			if file < 4 {
				west++
			}
			c[TermMan] += sign
			if own == 0 {
				c[TermBackRank] += sign
			} else {
				c[TermAdvance2+Term(own-1)] += sign
			}
			steps := 0
			for df := -1; df <= 1; df++ {
				if empty(file+df, rank+fwd) {
					steps++
				}
			}
			c[TermManMobility] += sign * int32(steps)
			if own == 6 && steps > 0 {
				c[TermPromotionThreat] += sign
			}
			if isMan(side, file+1, rank) {
				c[TermPhalanx] += sign
			}
			if isMan(side, file, rank-fwd) {
				c[TermColumn] += sign
			}
		}
		c[TermFlankImbalance] += sign * max(2*west-men, men-2*west)
	}
	c[TermThreatened] = int32(count(p.Threatened(us)))
	c[TermTempo] = 1
	return c
}

func TestFeaturesMatchReference(t *testing.T) {
	positions := gamePositions(300)
	for i := range positions {
		p := &positions[i]
		var counts [NumTerms]int32
		termCounts(p, &counts)
		if want := referenceCounts(p); counts != want {
			for term := range NumTerms {
				if counts[term] != want[term] {
					t.Errorf("%v: %v counts %d, reference %d", p, term, counts[term], want[term])
				}
			}
			t.FailNow()
		}
	}
}
