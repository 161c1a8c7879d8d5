// The Player: a searcher that plays at a Setting. It stands where the
// searcher stood (it is a protocol.Searcher around one): searches
// at level Full and analysis searches go to the searcher unchanged; a
// weaker level searches one thread without endgame tables, with the
// ladder's own evaluation (eval.go), its node budget and enough principal
// variations to score its candidates, and chooses among them.

package levels

import (
	"context"
	"math/rand/v2"
	"sync"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/protocol"
	"github.com/dameo/dameo/search"
)

// MaxSeed bounds the seed (a whole number a front-end can hold exactly).
const MaxSeed = 1<<31 - 1

// Player plays at a Setting with the searcher it wraps. Its methods are
// safe for concurrent use.
type Player struct {
	s protocol.Searcher

	mu      sync.Mutex
	setting Setting
	seed    uint64         // 0: fresh randomness
	fresh   *rand.Rand     // without a seed, the source of each move's draws
	opts    search.Options // as the session gave them
	reduced bool           // the searcher has the weaker levels' options
}

// NewPlayer wraps s, made with opts, at full strength and without a seed.
func NewPlayer(s protocol.Searcher, opts search.Options) *Player {
	return &Player{s: s, setting: FullStrength(), opts: opts,
		fresh: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

// Setting is the Player's setting.
func (p *Player) Setting() Setting {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.setting
}

// SetSetting makes the Player play at st from the next search on.
func (p *Player) SetSetting(st Setting) {
	p.mu.Lock()
	p.setting = st
	p.mu.Unlock()
}

// Seed is the seed of the Player's choices; 0 means fresh randomness.
func (p *Player) Seed() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seed
}

// SetSeed sets the seed of the Player's choices. With a seed other than 0
// the draws of a move depend only on the seed and the position, so that
// the same search of the same position (a fixed budget, from the same
// state of the searcher, such as a new game) gives the same move, in any
// process and whatever was played before. Seed 0 draws fresh randomness
// for every move: no two games alike, even from the same moves.
func (p *Player) SetSeed(seed uint64) {
	p.mu.Lock()
	p.seed = seed
	p.mu.Unlock()
}

// moveRand is the source of the draws of one move in pos (p.mu held).
func (p *Player) moveRand(pos *engine.Position) *rand.Rand {
	if p.seed != 0 {
		return rand.New(rand.NewPCG(p.seed, pos.Key()))
	}
	return rand.New(rand.NewPCG(p.fresh.Uint64(), p.fresh.Uint64()))
}

// SetOptions gives the searcher opts; a weaker level searches with one
// thread and without endgame tables all the same (see reduce).
func (p *Player) SetOptions(opts search.Options) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.opts, p.reduced = opts, false
	p.s.SetOptions(opts)
}

// reduce gives the searcher the options of a weaker level (reduced) or the
// session's own: a weaker level searches one thread, so that it is the same
// opponent on any machine and reproducible with a seed, without endgame
// tables, so that it does not depend on which tables are installed (nor
// plays perfect endgames), and with the evaluation the ladder was
// calibrated with, whatever the engine's own or eval-file is. p.mu is held.
func (p *Player) reduce(reduced bool) {
	if reduced == p.reduced {
		return
	}
	opts := p.opts
	if reduced {
		opts.Threads, opts.Tablebase, opts.Eval = 1, nil, ladderEval()
	}
	p.s.SetOptions(opts)
	p.reduced = reduced
}

// NewGame clears the searcher's tables.
func (p *Player) NewGame() { p.s.NewGame() }

// PonderHit passes the ponder hit to the searcher.
func (p *Player) PonderHit() { p.s.PonderHit() }

// Start starts a search of the game's position at the Player's setting
// (see the searcher's Start). Analysis, and level Full, are the searcher's
// search unchanged.
func (p *Player) Start(ctx context.Context, game *engine.Game, limits search.Limits, info func(search.Info)) <-chan search.Result {
	p.mu.Lock()
	defer p.mu.Unlock()
	pos := game.Position()
	rng := p.moveRand(&pos)
	n := Full
	if !limits.Analysis {
		n = p.setting.pick(rng)
	}
	p.reduce(n < Full)
	if n == Full {
		return p.s.Start(ctx, game, limits, info)
	}
	if n == 0 {
		return p.random(ctx, game, limits, rng)
	}
	return p.weaker(ctx, game, limits, info, &Ladder[n], rng)
}

// random answers a uniformly random legal move. The searcher still
// searches depth 1, without reporting it, so that the search ends as the
// limits say (at once; or at a cancellation for infinite and ponder searches).
func (p *Player) random(ctx context.Context, game *engine.Game, limits search.Limits, rng *rand.Rand) <-chan search.Result {
	pos := game.Position()
	moves := pos.LegalMoves()
	var pick engine.Move
	if len(moves) > 0 {
		pick = moves[rng.IntN(len(moves))]
	}
	limits.Depth, limits.Nodes, limits.MultiPV = 1, 0, 1
	return relay(p.s.Start(ctx, game, limits, nil), func(r search.Result) search.Result {
		if !r.HasMove || len(moves) == 0 {
			return r
		}
		return search.Result{Move: pick, HasMove: true, Depth: r.Depth, Nodes: r.Nodes}
	})
}

// weaker searches at level lv within limits and chooses among the scored
// candidates of the last completed depth. The first line of each depth is
// reported to info.
func (p *Player) weaker(ctx context.Context, game *engine.Game, limits search.Limits, info func(search.Info), lv *Level, rng *rand.Rand) <-chan search.Result {
	if lv.Depth > 0 && (limits.Depth == 0 || lv.Depth < limits.Depth) {
		limits.Depth = lv.Depth
	}
	if lv.Nodes > 0 && (limits.Nodes == 0 || lv.Nodes < limits.Nodes) {
		limits.Nodes = lv.Nodes
	}
	limits.MultiPV = lv.MultiPV
	var cands []candidate // read only after the search's result: it happens after every info call
	collect := func(in search.Info) {
		if in.MultiPV <= 1 {
			cands = cands[:0]
			if info != nil {
				info(in)
			}
		}
		if len(in.PV) > 0 {
			cands = append(cands, candidate{move: in.PV[0], score: in.Score, pv: in.PV})
		}
	}
	return relay(p.s.Start(ctx, game, limits, collect), func(r search.Result) search.Result {
		if !r.HasMove || len(cands) == 0 {
			return r
		}
		c := cands[choose(cands, lv, rng)]
		out := search.Result{Move: c.move, HasMove: true, Score: c.score, Depth: r.Depth, Nodes: r.Nodes}
		if len(c.pv) > 1 {
			out.Ponder = c.pv[1]
		}
		return out
	})
}

// relay is a channel that receives f of the result in receives.
func relay(in <-chan search.Result, f func(search.Result) search.Result) <-chan search.Result {
	out := make(chan search.Result, 1)
	go func() { out <- f(<-in) }()
	return out
}
