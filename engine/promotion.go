// Promotion: the rank on which each side's men are crowned, and whether a
// move crowns a man.

package engine

// CrowningRank is the rank on which the men of colour c are crowned,
// numbered as by Square.Rank: 7 (rank 8) for White, 0 (rank 1) for Black.
func CrowningRank(c Color) int {
	if c == White {
		return 7
	}
	return 0
}

// CrowningMask is the set of squares of c's crowning rank.
func CrowningMask(c Color) Bitboard { return RankMask(CrowningRank(c)) }

// Crowns reports whether m, a legal move of p, crowns a man: a man that
// ends its move on its crowning rank.
func (p *Position) Crowns(m Move) bool {
	return p.kings&(1<<(m.From&63)) == 0 && farRank[p.side()]&(1<<(m.To&63)) != 0
}
