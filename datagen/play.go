// One self-play game: its opening (a built-in two-ply opening and random
// plies, fixed by the seed and the game's index), the searched moves, the
// quiet positions recorded on the way, and the adjudication that ends it.

package datagen

import (
	"context"
	"math/rand/v2"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

const (
	// drawPlies: plies without a capture or a man move that draw a game,
	// as in matches.
	drawPlies = engine.NoProgressLimit
	// maxPlies: a game this long is a draw; real games end long before.
	maxPlies = 400
	// resignScore and resignPlies: when the searches of resignPlies plies
	// in a row give one side at least resignScore (8 men), that side wins.
	// The result is all but certain and the rest of the game would add
	// only positions of a decided ending.
	resignScore = 800
	resignPlies = 6
)

// player plays games with one Searcher.
type player struct {
	cfg      Config
	searcher *search.Searcher
	openings [][2]engine.Move // engine.TwoPlyOpenings
}

// play plays game index and returns its quiet positions with its result.
func (pl *player) play(ctx context.Context, index int) ([]Record, error) {
	rng := rand.New(rand.NewPCG(pl.cfg.Seed, uint64(index)))
	g := pl.opening(rng)
	pl.searcher.NewGame()
	limits := search.Limits{Nodes: pl.cfg.Nodes, Depth: pl.cfg.Depth}
	var recs []Record
	outcome, leader := Drawn, 0 // leader: plies in a row with a resign score for one side
	for ply := 0; ; ply++ {
		p := g.Position()
		if r := g.Result(); r != engine.Ongoing {
			if r == engine.Loss {
				outcome = winner(p.SideToMove().Other())
			}
			break
		}
		if g.NoProgressPlies() >= drawPlies || ply >= maxPlies {
			break
		}
		res := pl.searcher.Search(ctx, g, limits, nil)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !p.HasCapture() {
			recs = append(recs, Record{Position: p, Score: res.Score, Game: index})
		}
		white := res.Score // from White's view
		if p.SideToMove() == engine.Black {
			white = -white
		}
		switch {
		case white >= resignScore:
			leader = max(leader, 0) + 1
		case white <= -resignScore:
			leader = min(leader, 0) - 1
		default:
			leader = 0
		}
		if res.Score.IsWin() || leader >= resignPlies || leader <= -resignPlies {
			outcome = winner(engine.White)
			if white < 0 {
				outcome = winner(engine.Black)
			}
			break
		}
		g.Play(res.Move)
	}
	for i := range recs {
		recs[i].Result = outcome
	}
	return recs, nil
}

// opening is the game's start: a built-in opening and up to
// Config.RandomPlies random plies (fewer if the game ends).
func (pl *player) opening(rng *rand.Rand) *engine.Game {
	g := engine.NewGame(engine.StartPosition())
	for _, m := range pl.openings[rng.IntN(len(pl.openings))] {
		g.Play(m)
	}
	for range pl.cfg.RandomPlies {
		p := g.Position()
		moves := p.LegalMoves()
		if len(moves) == 0 || g.Result() != engine.Ongoing {
			break
		}
		g.Play(moves[rng.IntN(len(moves))])
	}
	return g
}

// winner is the outcome in which c wins.
func winner(c engine.Color) Outcome {
	if c == engine.White {
		return WhiteWins
	}
	return BlackWins
}
