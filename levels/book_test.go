package levels

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// oneMove is a book that knows one move everywhere.
type oneMove struct{ m engine.Move }

func (b oneMove) Choose(*engine.Position, *rand.Rand) (engine.Move, bool) { return b.m, true }

// Only the full engine plays from the book.
func TestBookOnlyAtFullStrength(t *testing.T) {
	p := NewPlayer(search.New(tiny), tiny)
	pos := engine.StartPosition()
	m := pos.LegalMoves()[0]
	b := p.Book(oneMove{m})
	rng := rand.New(rand.NewPCG(1, 1))
	if got, ok := b.Choose(&pos, rng); !ok || got != m {
		t.Errorf("at full strength the book gave %v, %v", got, ok)
	}
	for _, n := range []int{0, 5, Full - 1} {
		p.SetSetting(must(AtLevel(n)))
		if _, ok := b.Choose(&pos, rng); ok {
			t.Errorf("level %d played from the book", n)
		}
	}
	p.SetSetting(must(AtElo(Ladder[Full].Elo - 1)))
	if _, ok := b.Choose(&pos, rng); ok {
		t.Error("an Elo just below the full engine played from the book")
	}
}

func must(s Setting, err error) Setting {
	if err != nil {
		panic(err)
	}
	return s
}
