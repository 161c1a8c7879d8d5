// Random legal games as PDN, for the tests and the benchmark: a fixed seed
// makes the same games on every run.

package explorer

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// players are the names of the random games' players.
var players = []string{"alpha", "beta", "gamma", "delta"}

// randomGames plays n games of random legal moves (eachRandomGame).
func randomGames(n, minPlies, maxPlies int, seed uint64) []*pdn.Game {
	var games []*pdn.Game
	eachRandomGame(n, minPlies, maxPlies, seed, func(g *pdn.Game) { games = append(games, g) })
	return games
}

// randomPDN is the PDN text of n games of random legal moves
// (eachRandomGame).
func randomPDN(n, minPlies, maxPlies int, seed uint64) string {
	var b strings.Builder
	eachRandomGame(n, minPlies, maxPlies, seed, func(g *pdn.Game) {
		if err := pdn.Write(&b, g); err != nil {
			panic(err)
		}
	})
	return b.String()
}

// eachRandomGame plays n games of random legal moves, each of minPlies to
// maxPlies plies unless a side has no move, with the tags and move
// comments a match writes, and passes each to f; the result is the rules'
// when a side cannot move, else a random one.
func eachRandomGame(n, minPlies, maxPlies int, seed uint64, f func(*pdn.Game)) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var l engine.MoveList
	for i := range n {
		g := &pdn.Game{Tags: []pdn.Tag{{Name: pdn.TagEvent, Value: "random"}, {Name: pdn.TagRound, Value: fmt.Sprint(i + 1)},
			{Name: pdn.TagWhite, Value: players[rng.IntN(len(players))]}, {Name: pdn.TagBlack, Value: players[rng.IntN(len(players))]},
			{Name: pdn.TagGameType, Value: pdn.GameTypeDameo}}}
		p := engine.StartPosition()
		plies := minPlies + rng.IntN(maxPlies-minPlies+1)
		g.Result = []string{pdn.WhiteWins, pdn.Draw, pdn.BlackWins}[rng.IntN(3)]
		for range plies {
			p.GenerateMoves(&l)
			if l.Len == 0 {
				g.Result = pdn.WhiteWins
				if p.SideToMove() == engine.White {
					g.Result = pdn.BlackWins
				}
				break
			}
			m := l.Moves[rng.IntN(l.Len)]
			g.AddMove(p.FormatMove(m), fmt.Sprintf("%+.2f/%d %.3fs", rng.Float64()*2-1, 1+rng.IntN(20), rng.Float64()))
			p = p.Play(m)
		}
		g.SetTag(pdn.TagResult, g.Result)
		f(g)
	}
}
