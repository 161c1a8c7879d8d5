// Tests of the book builder from game records.

package bookbuild

import (
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
	b, st, err := FromPDN(games, 3, 2, "test")
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
	if _, _, err := FromPDN(games, 0, 1, ""); err == nil {
		t.Error("plies 0 accepted")
	}
}
