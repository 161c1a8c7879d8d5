// The opening book at a level: only the full engine plays from the book; a
// weaker level plays its own moves from the first (the random mover must).

package levels

import (
	"math/rand/v2"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/protocol"
)

// Book is b as the Player's setting allows it: b at full strength, no move
// at a weaker setting.
func (p *Player) Book(b protocol.Book) protocol.Book { return levelBook{b, p} }

// levelBook is a book that answers only while its Player is at full strength.
type levelBook struct {
	b protocol.Book
	p *Player
}

func (l levelBook) Choose(pos *engine.Position, rng *rand.Rand) (engine.Move, bool) {
	if !l.p.Setting().IsFull() {
		return engine.NoMove, false
	}
	return l.b.Choose(pos, rng)
}
