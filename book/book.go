// The opening book in memory: positions sorted by Zobrist key, each with its
// book moves, a weight and a score per move; lookup by binary search and a
// weighted random choice among the moves close to the best.

package book

import (
	"math/rand/v2"
	"sort"

	"github.com/dameo/dameo/engine"
)

// DefaultMargin is the score margin (hundredths of a man) within which a
// move counts as close enough to the best book move to be played: a tenth of
// a man is well inside the noise of a shallow search's evaluation.
const DefaultMargin = 10

// Move is a book move with its weight (relative frequency, 0 = never
// played) and score (hundredths of a man, side to move's view).
type Move struct {
	Move   engine.Move
	Weight uint32
	Score  int16
}

// Entry is one book position with its moves.
type Entry struct {
	Position engine.Position
	Moves    []Move
}

// Book is an opening book. The zero value is an empty book.
type Book struct {
	// Info says what built the book (free text, stored in the header).
	Info string
	// Margin is how far (hundredths of a man) below the best book score a
	// move may be and still be chosen.
	Margin int
	// entries, sorted by strictly increasing key.
	entries []Entry
}

// Len is the number of positions in the book.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.entries)
}

// Entries are the book's positions in key order (shared, do not modify).
func (b *Book) Entries() []Entry {
	if b == nil {
		return nil
	}
	return b.entries
}

// Lookup is the entry of position p, or nil when p is not in the book. An
// entry whose key matches but whose position differs (a key collision) is
// not returned.
func (b *Book) Lookup(p *engine.Position) *Entry {
	if b == nil {
		return nil
	}
	key := p.Key()
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].Position.Key() >= key })
	if i == len(b.entries) || b.entries[i].Position.Key() != key || !samePosition(&b.entries[i].Position, p) {
		return nil
	}
	return &b.entries[i]
}

// Choose picks a book move for p: among the legal book moves with a
// positive weight whose score is within the margin of the best such score,
// one at random in proportion to the weights (drawn from rng, or from the
// global source when rng is nil). It reports false when p is not in the
// book or none of its moves qualifies.
func (b *Book) Choose(p *engine.Position, rng *rand.Rand) (engine.Move, bool) {
	e := b.Lookup(p)
	if e == nil {
		return engine.NoMove, false
	}
	var legal engine.MoveList
	p.GenerateMoves(&legal)
	best, found := bestScore(e, &legal)
	if !found {
		return engine.NoMove, false
	}
	var total uint64
	for _, m := range e.Moves {
		if b.qualifies(m, best, &legal) {
			total += uint64(m.Weight)
		}
	}
	var r uint64
	if rng != nil {
		r = rng.Uint64N(uint64(total))
	} else {
		r = rand.Uint64N(uint64(total))
	}
	for _, m := range e.Moves {
		if b.qualifies(m, best, &legal) {
			if r < uint64(m.Weight) {
				return m.Move, true
			}
			r -= uint64(m.Weight)
		}
	}
	return engine.NoMove, false // unreachable: r < total
}

// Candidates are the book moves of p that Choose may play.
func (b *Book) Candidates(p *engine.Position) []Move {
	e := b.Lookup(p)
	if e == nil {
		return nil
	}
	var legal engine.MoveList
	p.GenerateMoves(&legal)
	best, _ := bestScore(e, &legal)
	var out []Move
	for _, m := range e.Moves {
		if b.qualifies(m, best, &legal) {
			out = append(out, m)
		}
	}
	return out
}

// bestScore is the best score of e's legal moves with a positive weight,
// false when there is none.
func bestScore(e *Entry, legal *engine.MoveList) (int, bool) {
	best, found := 0, false
	for _, m := range e.Moves {
		if m.Weight > 0 && legal.Contains(m.Move) && (!found || int(m.Score) > best) {
			best, found = int(m.Score), true
		}
	}
	return best, found
}

// qualifies reports whether m may be chosen when the best score is best.
func (b *Book) qualifies(m Move, best int, legal *engine.MoveList) bool {
	return m.Weight > 0 && int(m.Score) >= best-b.Margin && legal.Contains(m.Move)
}

// samePosition reports whether a and b have the same pieces and side to move.
func samePosition(a, b *engine.Position) bool {
	return a.Pieces(engine.White) == b.Pieces(engine.White) &&
		a.Pieces(engine.Black) == b.Pieces(engine.Black) &&
		a.Kings(engine.White)|a.Kings(engine.Black) == b.Kings(engine.White)|b.Kings(engine.Black) &&
		a.SideToMove() == b.SideToMove()
}
