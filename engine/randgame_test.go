package engine

import "math/rand/v2"

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
