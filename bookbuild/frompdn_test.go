// Tests of the book builder from game records.

package bookbuild

import (
	"reflect"
	"testing"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// game makes a record of the given moves (indices into each position's
// legal moves) from the start position.
func game(t *testing.T, result string, picks ...int) *pdn.Game {
	t.Helper()
	g := &pdn.Game{Result: result}
	p := engine.StartPosition()
	for _, i := range picks {
		m := p.LegalMoves()[i]
		g.AddMove(p.FormatMove(m), "")
		p = p.Play(m)
	}
	return g
}

func TestFromPDN(t *testing.T) {
	bad := game(t, pdn.WhiteWins, 0)
	bad.AddMove("a1-a2", "") // illegal: cuts the game short
	games := []*pdn.Game{
		game(t, pdn.WhiteWins, 0, 0, 1, 0),
		game(t, pdn.Draw, 0, 0, 2, 0),
		game(t, pdn.BlackWins, 1, 0, 0, 0),
		game(t, pdn.Unfinished, 1, 0, 0, 0),
		bad,
	}
	gs, err := NewGameStats(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		gs.Add(g)
	}
	st := gs.Stats
	b, err := gs.Book(GamesBook{MinGames: 2, MinMoveGames: 1, MinScore: 0, Info: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if st != (PDNStats{Games: 5, Used: 3, Skipped: 2}) {
		t.Errorf("stats %+v", st)
	}
	start := engine.StartPosition()
	ms := start.LegalMoves()
	e := b.Lookup(&start)
	if e == nil || len(e.Moves) != 2 {
		t.Fatalf("start entry %+v, want two moves", e)
	}
	// Move 0: played in a win, a draw and the cut game (a win): 5 half-points,
	// 2 wins 0 losses in 3 games. Move 1: one loss.
	want := []book.Move{{Move: ms[0], Weight: 5, Score: 66}, {Move: ms[1], Weight: 0, Score: -100}}
	for i := range want {
		if e.Moves[i] != want[i] {
			t.Errorf("start move %d is %+v, want %+v", i, e.Moves[i], want[i])
		}
	}
	// After move 0 and reply 0 (seen twice) the position is in the book;
	// after move 1 (seen once) it is not.
	p := start.Play(ms[0])
	if b.Lookup(&p) == nil {
		t.Error("position after the first move (3 games) missing")
	}
	p = p.Play(p.LegalMoves()[0])
	if b.Lookup(&p) == nil {
		t.Error("position at ply 2 (2 games) missing")
	}
	q := start.Play(ms[1])
	if b.Lookup(&q) != nil {
		t.Error("position seen in one game is in a book with minimum 2")
	}
	if b.Len() != 3 {
		t.Errorf("book has %d positions, want 3 (plies 0, 1, 2 of the shared line)", b.Len())
	}
	if _, err := NewGameStats(0); err == nil {
		t.Error("plies 0 accepted")
	}
	if _, err := gs.Book(GamesBook{MinGames: 1, MinMoveGames: 1, MinScore: 101}); err == nil {
		t.Error("minimum score 101% accepted")
	}
}

// statsOf counts games with plies 4.
func statsOf(t *testing.T, games ...*pdn.Game) *GameStats {
	t.Helper()
	gs, err := NewGameStats(4)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		gs.Add(g)
	}
	return gs
}

func TestGamesBookThresholds(t *testing.T) {
	// From the start: move 0 in 3 games (2 wins, 1 loss: 67%), move 1 in 2
	// games (2 draws: 50%), move 2 in 1 game (a win).
	gs := statsOf(t,
		game(t, pdn.WhiteWins, 0, 0), game(t, pdn.WhiteWins, 0, 1), game(t, pdn.BlackWins, 0, 2),
		game(t, pdn.Draw, 1, 0), game(t, pdn.Draw, 1, 0),
		game(t, pdn.WhiteWins, 2, 0))
	start := engine.StartPosition()
	ms := start.LegalMoves()
	weights := func(b *book.Book) map[engine.Move]uint32 {
		w := map[engine.Move]uint32{}
		if e := b.Lookup(&start); e != nil {
			for _, m := range e.Moves {
				w[m.Move] = m.Weight
			}
		}
		return w
	}
	for _, c := range []struct {
		minMoveGames, minScore int
		want                   map[engine.Move]uint32
	}{
		{1, 0, map[engine.Move]uint32{ms[0]: 4, ms[1]: 2, ms[2]: 2}},
		{2, 0, map[engine.Move]uint32{ms[0]: 4, ms[1]: 2, ms[2]: 0}},
		{2, 60, map[engine.Move]uint32{ms[0]: 4, ms[1]: 0, ms[2]: 0}},
		{3, 70, map[engine.Move]uint32{}}, // no move qualifies: no entry
	} {
		b, err := gs.Book(GamesBook{MinGames: 1, MinMoveGames: c.minMoveGames, MinScore: c.minScore})
		if err != nil {
			t.Fatal(err)
		}
		if got := weights(b); !reflect.DeepEqual(got, c.want) {
			t.Errorf("min %d games, %d%%: start weights %v, want %v", c.minMoveGames, c.minScore, got, c.want)
		}
	}
}

func TestGamesBookJoinsSearch(t *testing.T) {
	start := engine.StartPosition()
	ms := start.LegalMoves()
	// A search book of the start position (move 0: 30, move 1: 20, move 2:
	// 10, only move 0 chosen) and of the position after move 3.
	after := start.Play(ms[3])
	search, err := book.New("search", []book.Entry{
		{Position: start, Moves: []book.Move{{Move: ms[0], Weight: 1, Score: 30}, {Move: ms[1], Weight: 0, Score: 20}, {Move: ms[2], Weight: 0, Score: 10}}},
		{Position: after, Moves: []book.Move{{Move: after.LegalMoves()[0], Weight: 1, Score: 5}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// The games: move 1 three times, 2 won and 1 lost (score 33, 67%), and
	// after it reply 1 twice (1 won and 1 lost: 50%); move 2 once, won.
	gs := statsOf(t, game(t, pdn.WhiteWins, 1, 0), game(t, pdn.WhiteWins, 1, 1), game(t, pdn.BlackWins, 1, 1), game(t, pdn.WhiteWins, 2, 0))
	b, err := gs.Book(GamesBook{MinGames: 1, MinMoveGames: 2, MinScore: 50, Search: search, GamesShare: 25})
	if err != nil {
		t.Fatal(err)
	}
	e := b.Lookup(&start)
	want := []book.Move{
		{Move: ms[0], Weight: 0, Score: 30},                    // the search's score, not played in the games
		{Move: ms[1], Weight: 4, Score: (25*33 + 75*20) / 100}, // joined, chosen by the games
		{Move: ms[2], Weight: 0, Score: 10},                    // one game: the search's score
	}
	if e == nil || !reflect.DeepEqual(e.Moves, want) {
		t.Errorf("joined start entry %+v, want %+v", e, want)
	}
	// A search position the games did not reach keeps the search's moves.
	if e := b.Lookup(&after); e == nil || e.Moves[0].Weight != 1 || e.Moves[0].Score != 5 {
		t.Errorf("search-only entry %+v", e)
	}
	// A games position the search lacks comes from the games.
	p := start.Play(ms[1])
	if e := b.Lookup(&p); e == nil || len(e.Moves) != 2 || e.Moves[0].Weight != 2 || e.Moves[1].Weight != 0 {
		t.Errorf("games-only entry %+v, want its 2 moves, the one played twice chosen", e)
	}
}
