// Building a book from game records: the positions of the first plies seen
// in enough games, each move counted with the results it brought the side
// that played it; the moves kept are those played in enough games with a
// good enough score, and a search book may supply the positions and the
// move values the games do not.

package bookbuild

import (
	"fmt"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// Defaults of the thresholds of a book from games.
const (
	DefaultMinMoveGames = 5  // games a move needs to be played from the book
	DefaultMinScore     = 40 // percent of the points a move needs to be played
	DefaultGamesShare   = 50 // percent of a move's score from the games, against the search's
)

// PDNStats counts what GameStats used.
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

// GameStats counts the moves played in the first plies of games.
type GameStats struct {
	plies int
	nodes map[uint64]*pdnNode
	Stats PDNStats
}

// NewGameStats counts the moves of the first plies plies of games.
func NewGameStats(plies int) (*GameStats, error) {
	if plies < 1 {
		return nil, fmt.Errorf("plies (%d) must be at least 1", plies)
	}
	return &GameStats{plies: plies, nodes: map[uint64]*pdnNode{}}, nil
}

// Add counts the opening moves of g. A game without a result, or with a
// bad start position, is skipped; one with an illegal move is counted up
// to it (and counted as skipped).
func (s *GameStats) Add(g *pdn.Game) {
	s.Stats.Games++
	winner, ok := winnerOf(g.Result)
	start, err := startOf(g)
	if !ok || err != nil {
		s.Stats.Skipped++
		return
	}
	p := start
	for ply, mv := range g.Moves {
		if ply >= s.plies {
			break
		}
		m, err := p.ParseMove(mv.Text)
		if err != nil {
			s.Stats.Skipped++
			return
		}
		n := s.nodes[p.Key()]
		if n == nil {
			n = &pdnNode{pos: p, moves: map[engine.Move]*moveStats{}}
			s.nodes[p.Key()] = n
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
	s.Stats.Used++
}

// GamesBook says which moves of the games a book keeps, and how it joins
// them with a search book.
type GamesBook struct {
	MinGames     int // games a position must be seen in
	MinMoveGames int // games a move must be played in to be chosen
	MinScore     int // percent of the points a move must score to be chosen
	// Search, when set, is a book by search: its positions join those of
	// the games, and a move both have gets a score that is GamesShare
	// percent the games' and the rest the search's.
	Search     *book.Book
	GamesShare int
	Info       string
}

// check reports a threshold out of its range.
func (o GamesBook) check() error {
	switch {
	case o.MinGames < 1 || o.MinMoveGames < 1:
		return fmt.Errorf("minimum games of a position (%d) and of a move (%d) must be at least 1", o.MinGames, o.MinMoveGames)
	case o.MinScore < 0 || o.MinScore > 100 || o.GamesShare < 0 || o.GamesShare > 100:
		return fmt.Errorf("minimum score (%d) and games' share (%d) must be 0 to 100 percent", o.MinScore, o.GamesShare)
	}
	return nil
}

// Book makes the book of the counted games. A move's score from the games
// is 100 × (wins − losses) / games, on the scale of a man. A move may be
// chosen (its weight is the half-points it scored: 2 a win, 1 a draw) when
// it was played in at least MinMoveGames games and scored at least MinScore
// percent of their points; the other moves seen are kept with weight 0. A
// position seen in fewer than MinGames games, or none of whose moves may
// be chosen, is left out, unless the search book has it: then its moves
// are the search book's, with the games' weights when some move may be
// chosen by them and the search's weights otherwise, each score joined
// with the games' when the move was played in MinMoveGames games.
func (s *GameStats) Book(o GamesBook) (*book.Book, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	var entries []book.Entry
	for _, n := range s.nodes {
		if n.seen < o.MinGames {
			continue
		}
		if e, ok := o.gamesEntry(n); ok && o.Search.Lookup(&n.pos) == nil {
			entries = append(entries, e)
		}
	}
	for _, se := range o.Search.Entries() {
		entries = append(entries, o.joined(&se, s.nodes[se.Position.Key()]))
	}
	return book.New(o.Info, entries)
}

// Seen is the number of positions seen in at least minGames games.
func (s *GameStats) Seen(minGames int) int {
	n := 0
	for _, node := range s.nodes {
		if node.seen >= minGames {
			n++
		}
	}
	return n
}

// chosen reports whether the games let a move be chosen (nil: a move not
// played).
func (o GamesBook) chosen(ms *moveStats) bool {
	return ms != nil && ms.games >= o.MinMoveGames && 100*ms.halfPoints >= 2*o.MinScore*ms.games
}

// gamesScore is a move's score from the games.
func gamesScore(ms *moveStats) int { return 100 * (ms.wins - ms.losses) / ms.games }

// gamesEntry is n's entry from the games alone; false when none of its
// moves may be chosen.
func (o GamesBook) gamesEntry(n *pdnNode) (book.Entry, bool) {
	e := book.Entry{Position: n.pos}
	playable := false
	for m, ms := range n.moves {
		w := uint32(0)
		if o.chosen(ms) {
			w, playable = uint32(ms.halfPoints), true
		}
		e.Moves = append(e.Moves, book.Move{Move: m, Weight: w, Score: int16(gamesScore(ms))})
	}
	sortMoves(e.Moves)
	return e, playable
}

// joined is the search book's entry se joined with the games' counts of
// its position (n, nil when the games did not reach it or too rarely).
func (o GamesBook) joined(se *book.Entry, n *pdnNode) book.Entry {
	e := book.Entry{Position: se.Position}
	byGames := false
	if n != nil && n.seen >= o.MinGames {
		for _, ms := range n.moves {
			byGames = byGames || o.chosen(ms)
		}
	}
	for _, m := range se.Moves {
		var ms *moveStats
		if n != nil {
			ms = n.moves[m.Move]
		}
		w, score := m.Weight, int(m.Score)
		if byGames {
			w = 0
			if o.chosen(ms) {
				w = uint32(ms.halfPoints)
			}
		}
		if ms != nil && ms.games >= o.MinMoveGames {
			score = (o.GamesShare*gamesScore(ms) + (100-o.GamesShare)*score) / 100
		}
		e.Moves = append(e.Moves, book.Move{Move: m.Move, Weight: w, Score: int16(score)})
	}
	sortMoves(e.Moves)
	return e
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
