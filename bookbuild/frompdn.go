// Building a book from game records: the positions of the first plies seen
// in enough games, each move weighted by the results it brought the side
// that played it.

package bookbuild

import (
	"fmt"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// PDNStats counts what FromPDN used.
type PDNStats struct {
	Games   int // games read
	Used    int // games with a result whose opening moves were used
	Skipped int // games without a result or with a bad start position or move
}

// moveStats are the games in which a move was played and the half-points
// they brought the side that played it.
type moveStats struct {
	games, halfPoints, wins, losses int
}

// pdnNode is a position seen in the games, with its moves.
type pdnNode struct {
	pos   engine.Position
	seen  int
	moves map[engine.Move]*moveStats
}

// FromPDN builds a book of the positions seen in at least minGames games
// within their first plies plies. A move's weight is the half-points it
// scored for the side that played it (2 a win, 1 a draw), so a move that
// always lost is kept with weight 0 and never chosen; its score is
// 100 × (wins − losses) / games, on the scale of a man. Games without a
// result, or with a bad start position or illegal move (from that move on),
// are skipped or cut short and counted in the stats.
func FromPDN(games []*pdn.Game, plies, minGames int, info string) (*book.Book, PDNStats, error) {
	var st PDNStats
	if plies < 1 || minGames < 1 {
		return nil, st, fmt.Errorf("plies (%d) and minimum games (%d) must be at least 1", plies, minGames)
	}
	nodes := map[uint64]*pdnNode{}
	for _, g := range games {
		st.Games++
		winner, ok := winnerOf(g.Result)
		start, err := startOf(g)
		if !ok || err != nil {
			st.Skipped++
			continue
		}
		cut := false
		p := start
		for ply, mv := range g.Moves {
			if ply >= plies {
				break
			}
			m, err := p.ParseMove(mv.Text)
			if err != nil {
				cut = true
				break
			}
			n := nodes[p.Key()]
			if n == nil {
				n = &pdnNode{pos: p, moves: map[engine.Move]*moveStats{}}
				nodes[p.Key()] = n
			}
			n.seen++
			ms := n.moves[m]
			if ms == nil {
				ms = &moveStats{}
				n.moves[m] = ms
			}
			ms.games++
			switch winner {
			case p.SideToMove():
				ms.halfPoints += 2
				ms.wins++
			case p.SideToMove().Other():
				ms.losses++
			default:
				ms.halfPoints++
			}
			p = p.Play(m)
		}
		if cut {
			st.Skipped++
		} else {
			st.Used++
		}
	}
	var entries []book.Entry
	for _, n := range nodes {
		if n.seen < minGames {
			continue
		}
		e := book.Entry{Position: n.pos}
		for m, ms := range n.moves {
			e.Moves = append(e.Moves, book.Move{Move: m, Weight: uint32(ms.halfPoints), Score: int16(100 * (ms.wins - ms.losses) / ms.games)})
		}
		sortMoves(e.Moves)
		entries = append(entries, e)
	}
	b, err := book.New(info, entries)
	return b, st, err
}

// draw marks a drawn game in winnerOf.
const draw engine.Color = 2

// winnerOf is the winning colour of a PDN result, draw for a draw, and
// false for an unfinished game.
func winnerOf(result string) (engine.Color, bool) {
	switch result {
	case pdn.WhiteWins:
		return engine.White, true
	case pdn.BlackWins:
		return engine.Black, true
	case pdn.Draw:
		return draw, true
	}
	return 0, false
}

// startOf is the game's start position.
func startOf(g *pdn.Game) (engine.Position, error) {
	if t := g.StartText(); t != "" {
		return engine.ParsePosition(t)
	}
	return engine.StartPosition(), nil
}
