package levels

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/search"
)

var tiny = search.Options{Threads: 1, HashMiB: 1}

// newPlayer is a Player over a new searcher, at level n with seed.
func newPlayer(t *testing.T, n int, seed uint64) *Player {
	t.Helper()
	p := NewPlayer(search.New(tiny), tiny)
	s, err := AtLevel(n)
	if err != nil {
		t.Fatal(err)
	}
	p.SetSetting(s)
	p.SetSeed(seed)
	return p
}

// selfPlay plays plies moves from the start, both sides by p, with a
// clock-free limit that only the level bounds.
func selfPlay(p *Player, plies int) []engine.Move {
	g := engine.NewGame(engine.StartPosition())
	for range plies {
		pos := g.Position()
		if len(pos.LegalMoves()) == 0 {
			break
		}
		r := <-p.Start(context.Background(), g, search.Limits{Depth: 6}, nil)
		if !r.HasMove || !pos.IsLegal(r.Move) {
			panic("the player gave no legal move")
		}
		g.Play(r.Move)
	}
	return g.Moves()
}

// With a seed, a level plays the same game again: in a new process (a new
// Player and searcher), and after a new game whatever was played before.
func TestSeedReproduces(t *testing.T) {
	for _, n := range []int{0, 3, 5} {
		a := newPlayer(t, n, 12345)
		first := selfPlay(a, 10)
		b := newPlayer(t, n, 12345)
		if again := selfPlay(b, 10); !slices.Equal(first, again) {
			t.Errorf("level %d, seed 12345: a second player played another game", n)
		}
		a.NewGame()
		if again := selfPlay(a, 10); !slices.Equal(first, again) {
			t.Errorf("level %d, seed 12345: the game after new-game differs", n)
		}
	}
}

// Without a seed, games vary: between players and between the games of one.
func TestNoSeedVaries(t *testing.T) {
	for _, n := range []int{1, 5} {
		games := map[string]bool{}
		p := newPlayer(t, n, 0)
		for range 3 {
			p.NewGame()
			games[movesKey(selfPlay(p, 8))] = true
			games[movesKey(selfPlay(newPlayer(t, n, 0), 8))] = true
		}
		if len(games) < 2 {
			t.Errorf("level %d without a seed played one game six times", n)
		}
	}
}

func movesKey(ms []engine.Move) string {
	var b []byte
	for _, m := range ms {
		b = append(b, byte(m.From), byte(m.To))
	}
	return string(b)
}

// Level 0 plays every legal move, about equally often; with a seed, the
// same move in the same position.
func TestLevelZeroIsUniform(t *testing.T) {
	p := newPlayer(t, 0, 0)
	p.fresh = rand.New(rand.NewPCG(8, 9)) // fresh draws, but the same in every run
	g := engine.NewGame(engine.StartPosition())
	pos := g.Position()
	legal := pos.LegalMoves()
	counts := map[engine.Move]int{}
	const draws = 100
	for range draws * 7 {
		counts[(<-p.Start(context.Background(), g, search.Limits{Depth: 3}, nil)).Move]++
	}
	for _, m := range legal {
		if c := counts[m]; c < draws*7/len(legal)/3 {
			t.Errorf("move %v chosen %d times in %d", m, c, draws*7)
		}
	}
	if len(counts) != len(legal) {
		t.Errorf("level 0 chose %d different moves, there are %d legal ones", len(counts), len(legal))
	}
	p.SetSeed(99)
	first := (<-p.Start(context.Background(), g, search.Limits{Depth: 3}, nil)).Move
	for range 20 {
		if m := (<-p.Start(context.Background(), g, search.Limits{Depth: 3}, nil)).Move; m != first {
			t.Fatalf("seed 99 chose %v, then %v in the same position", first, m)
		}
	}
}

// forcedCapture is a position from play where the side to move has exactly
// one legal move, a capture, while its other pieces could move.
func forcedCapture(t *testing.T) *engine.Game {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 200 {
		g := engine.NewGame(engine.StartPosition())
		for range 60 {
			pos := g.Position()
			legal := pos.LegalMoves()
			if len(legal) == 0 {
				break
			}
			if len(legal) == 1 && legal[0].IsCapture() && g.NoProgressPlies() > 0 {
				return g
			}
			g.Play(legal[rng.IntN(len(legal))])
		}
	}
	t.Fatal("no forced capture in 200 random games")
	return nil
}

// A weak level takes a forced capture as the rules demand.
func TestWeakLevelTakesForcedCapture(t *testing.T) {
	g := forcedCapture(t)
	pos := g.Position()
	want := pos.LegalMoves()[0]
	for _, n := range []int{0, 1, 4} {
		for seed := range uint64(3) {
			p := newPlayer(t, n, seed+1)
			if r := <-p.Start(context.Background(), g, search.Limits{Depth: 4}, nil); r.Move != want {
				t.Errorf("level %d, seed %d: played %s, the rules demand %s", n, seed+1, pos.FormatMove(r.Move), pos.FormatMove(want))
			}
		}
	}
}

// At level Full the Player is the searcher: the same move, score and node
// count as a searcher of its own at a fixed depth, and the same info lines.
func TestFullLevelIsTheEngine(t *testing.T) {
	g := engine.NewGame(engine.StartPosition())
	for _, i := range []int{1, 3, 2} {
		pos := g.Position()
		g.Play(pos.LegalMoves()[i])
	}
	limits := search.Limits{Depth: 7}
	var plainInfo, playerInfo []search.Info
	plain := search.New(tiny).Search(context.Background(), g, limits, func(in search.Info) { plainInfo = append(plainInfo, in) })
	p := newPlayer(t, Full, 0)
	got := <-p.Start(context.Background(), g, limits, func(in search.Info) { playerInfo = append(playerInfo, in) })
	if got != plain {
		t.Errorf("level Full: %+v, the engine: %+v", got, plain)
	}
	if len(plainInfo) != len(playerInfo) {
		t.Errorf("level Full reported %d info lines, the engine %d", len(playerInfo), len(plainInfo))
	}
}

// Analysis is never weakened: at level 1 an analysis search is the
// engine's, with all its lines.
func TestAnalysisIsNotWeakened(t *testing.T) {
	g := engine.NewGame(engine.StartPosition())
	limits := search.Limits{Depth: 6, Analysis: true, MultiPV: 3}
	var plainInfo, playerInfo []search.Info
	plain := search.New(tiny).Search(context.Background(), g, limits, func(in search.Info) { plainInfo = append(plainInfo, in) })
	p := newPlayer(t, 1, 1)
	got := <-p.Start(context.Background(), g, limits, func(in search.Info) { playerInfo = append(playerInfo, in) })
	if got != plain || len(plainInfo) != len(playerInfo) {
		t.Errorf("level 1 analysis: %+v with %d lines, the engine: %+v with %d", got, len(playerInfo), plain, len(plainInfo))
	}
}

// recorder is a searcher that records the options it is given.
type recorder struct {
	*search.Searcher
	opts []search.Options
}

func (r *recorder) SetOptions(o search.Options) {
	r.opts = append(r.opts, o)
	r.Searcher.SetOptions(o)
}

// someTables is endgame tables that know nothing.
type someTables struct{}

func (someTables) MostPieces() int { return 2 }
func (someTables) ProbeAny(*engine.Position) (wdl, dtw int, ok bool) {
	return 0, 0, false
}

// A weaker level searches one thread without endgame tables, with the
// ladder's evaluation; the full engine and analysis get the session's
// options back.
func TestWeakerLevelsReduceTheOptions(t *testing.T) {
	own, err := eval.NewEvaluator(eval.HandWeights())
	if err != nil {
		t.Fatal(err)
	}
	opts := search.Options{Threads: 2, HashMiB: 1, Tablebase: someTables{}, Eval: own}
	r := &recorder{Searcher: search.New(opts)}
	p := NewPlayer(r, opts)
	g := engine.NewGame(engine.StartPosition())
	last := func() search.Options { return r.opts[len(r.opts)-1] }
	p.SetSetting(must(AtLevel(5)))
	<-p.Start(context.Background(), g, search.Limits{Depth: 2}, nil)
	if o := last(); o.Threads != 1 || o.Tablebase != nil || o.HashMiB != 1 || o.Eval != ladderEval() {
		t.Errorf("level 5 searched with %+v", o)
	}
	<-p.Start(context.Background(), g, search.Limits{Depth: 2, Analysis: true}, nil)
	if o := last(); o.Threads != 2 || o.Tablebase == nil || o.Eval != own {
		t.Errorf("analysis at level 5 searched with %+v", o)
	}
	n := len(r.opts)
	p.SetSetting(FullStrength())
	<-p.Start(context.Background(), g, search.Limits{Depth: 2}, nil)
	if len(r.opts) != n {
		t.Errorf("the full engine after analysis changed the options again: %+v", last())
	}
}
