package engine

import (
	"math/rand/v2"
	"testing"
)

// randomGames plays n random games of at most maxPlies from the start
// position with a fixed seed, calling visit on every position reached.
func randomGames(n, maxPlies int, visit func(p *Position, g *Game)) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range n {
		g := NewGame(StartPosition())
		for range maxPlies {
			p := g.Position()
			visit(&p, g)
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			g.Play(moves[rng.IntN(len(moves))])
		}
	}
}

// randomPosition is a position of 2 to 21 random pieces, a third of them
// kings (and every piece on its own far rank), with a random side to move.
func randomPosition(t *testing.T, rng *rand.Rand) Position {
	t.Helper()
	var white, black, kings Bitboard
	for range 2 + rng.IntN(20) {
		s := Bitboard(1) << rng.IntN(64)
		if rng.IntN(2) == 0 {
			white |= s &^ black
		} else {
			black |= s &^ white
		}
		if rng.IntN(3) == 0 {
			kings |= s
		}
	}
	kings |= white&RankMask(7) | black&RankMask(0)
	p, err := NewPosition(white, black, kings&(white|black), Color(rng.IntN(2)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
