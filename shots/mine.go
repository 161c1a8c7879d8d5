// Mining: the swings of the games' scores, and the deeper search that
// names the move to play at each.

package shots

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
	"github.com/dameo/dameo/search"
)

// MineConfig says what Mine looks for and how hard it searches.
type MineConfig struct {
	// Swing is the least change of a side's score, in men, within one or
	// two of its moves that makes a shot (3 in issue 33).
	Swing float64
	// Nodes is the node count of the search that names the move to play
	// (one thread, a fresh table each position).
	Nodes int64
	// ScoreNodes is the node count of the search that scores a move whose
	// comment gives no score.
	ScoreNodes int64
	HashMiB    int // the searches' table; 0 means 16
	// Progress, if not nil, is told after each game how many of the games
	// of the call are mined.
	Progress func(done, total int)
}

// scoreComment reads the score of a dameo match move comment,
// "+1.25/9 0.101s" (men for the side that moved, then depth and time).
var scoreComment = regexp.MustCompile(`^([+-]?[0-9]+(?:\.[0-9]+)?)/[0-9]+ `)

// ply is one move of a game as Mine sees it.
type ply struct {
	before engine.Position
	move   engine.Move
	score  float64 // men, for the side that moved; NaN until known
}

// Mine finds the shots of games and returns their entries, each position
// once, in the order found. name names the games' source in the entries'
// ids. A game that cannot be replayed (a bad start position or move) is
// an error naming it.
func Mine(ctx context.Context, games []*pdn.Game, name string, cfg MineConfig) ([]Entry, error) {
	if cfg.Swing <= 0 || cfg.Nodes < 1 || cfg.ScoreNodes < 1 {
		return nil, fmt.Errorf("shots: the swing and the node counts must be positive")
	}
	if cfg.HashMiB == 0 {
		cfg.HashMiB = 16
	}
	m := &miner{cfg: cfg, s: search.New(search.Options{Threads: 1, HashMiB: cfg.HashMiB}), seen: map[engine.Position]bool{}}
	for i, g := range games {
		plies, err := replay(g)
		if err != nil {
			return nil, fmt.Errorf("%s game %d: %v", name, i+1, err)
		}
		if err := m.game(ctx, plies, fmt.Sprintf("%s game %d", name, i+1)); err != nil {
			return m.out, err
		}
		if cfg.Progress != nil {
			cfg.Progress(i+1, len(games))
		}
	}
	return m.out, nil
}

// replay plays a game's moves from its start and reads their scores.
func replay(g *pdn.Game) ([]ply, error) {
	start := engine.StartPosition()
	if text := g.StartText(); text != "" {
		var err error
		if start, err = engine.ParsePosition(text); err != nil {
			return nil, fmt.Errorf("start position: %v", err)
		}
	}
	game := engine.NewGame(start)
	var plies []ply
	for i, mv := range g.Moves {
		p := game.Position()
		m, err := game.PlayText(mv.Text)
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %v", i+1, mv.Text, err)
		}
		score := math.NaN()
		if s := scoreComment.FindStringSubmatch(mv.Comment); s != nil {
			score, _ = strconv.ParseFloat(s[1], 64)
		}
		plies = append(plies, ply{before: p, move: m, score: score})
	}
	return plies, nil
}

type miner struct {
	cfg  MineConfig
	s    *search.Searcher
	seen map[engine.Position]bool
	out  []Entry
}

// search searches p at nodes with a fresh table.
func (m *miner) search(ctx context.Context, p engine.Position, nodes int64) search.Result {
	m.s.NewGame()
	return m.s.Search(ctx, engine.NewGame(p), search.Limits{Nodes: nodes}, nil)
}

// game finds the swings of one game's plies.
func (m *miner) game(ctx context.Context, plies []ply, id string) error {
	for i := range plies {
		if math.IsNaN(plies[i].score) {
			// The score of the position after the move, for its mover.
			after := plies[i].before.Play(plies[i].move)
			plies[i].score = -float64(m.search(ctx, after, m.cfg.ScoreNodes).Score) / 100
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	scores := make([]float64, len(plies))
	for i := range plies {
		scores[i] = plies[i].score
	}
	for _, sw := range swings(scores, m.cfg.Swing) {
		where := fmt.Sprintf("%s ply %d swing %+.2f", id, sw.ply+1, sw.delta)
		var err error
		if sw.avoid {
			err = m.avoid(ctx, plies[sw.ply], where)
		} else {
			err = m.shot(ctx, plies[sw.ply], where)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// swing is a ply where a side's score swung: avoid, the move fell into
// the combination (or may have: both moves of a two-move fall are
// listed); else the move found it. delta is the change in men.
type swing struct {
	ply   int
	avoid bool
	delta float64
}

// swings finds the plies where a side's score (scores[i] is the score of
// ply i for the side that played it) changed by at least least men
// within one or two of its moves. A fall from ply i lists ply i and,
// over two moves, ply i+2 as avoid swings; a rise lists the first of the
// side's moves that reaches it. A ply is listed once.
func swings(scores []float64, least float64) []swing {
	var out []swing
	listed := map[int]bool{}
	add := func(s swing) {
		if !listed[s.ply] {
			listed[s.ply] = true
			out = append(out, s)
		}
	}
	// A side's moves are every other ply: i, i+2, i+4.
	for i := range scores {
		for w := 1; w <= 2 && i+2*w < len(scores); w++ {
			j := i + 2*w
			d := scores[j] - scores[i]
			if d <= -least {
				for k := i; k < j; k += 2 {
					add(swing{ply: k, avoid: true, delta: d})
				}
				break
			}
			if d >= least {
				k := i + 2
				for k < j && scores[k]-scores[i] < least {
					k += 2
				}
				add(swing{ply: k, delta: d})
				break
			}
		}
	}
	return out
}

// avoid adds the position before pl as an avoid entry when the deeper
// search plays another move than the game did.
func (m *miner) avoid(ctx context.Context, pl ply, id string) error {
	if m.seen[pl.before] {
		return nil
	}
	res := m.search(ctx, pl.before, m.cfg.Nodes)
	if err := ctx.Err(); err != nil {
		return err
	}
	if res.HasMove && res.Move != pl.move {
		m.seen[pl.before] = true
		m.out = append(m.out, Entry{Position: pl.before, Best: res.Move, Avoid: pl.move, ID: id})
	}
	return nil
}

// shot adds the position before pl as a shot entry, with the deeper
// search's move.
func (m *miner) shot(ctx context.Context, pl ply, id string) error {
	if m.seen[pl.before] {
		return nil
	}
	res := m.search(ctx, pl.before, m.cfg.Nodes)
	if err := ctx.Err(); err != nil {
		return err
	}
	if res.HasMove {
		m.seen[pl.before] = true
		m.out = append(m.out, Entry{Position: pl.before, Best: res.Move, ID: id})
	}
	return nil
}
