// The order of a position's moves in a built book: best first.

package bookbuild

import (
	"cmp"
	"slices"

	"github.com/dameo/dameo/book"
)

// sortMoves orders moves by score, then weight, best first, then by squares
// and captured pieces, so the order never depends on map iteration.
func sortMoves(ms []book.Move) {
	slices.SortFunc(ms, func(a, b book.Move) int {
		return cmp.Or(
			cmp.Compare(b.Score, a.Score),
			cmp.Compare(b.Weight, a.Weight),
			cmp.Compare(a.Move.From, b.Move.From),
			cmp.Compare(a.Move.To, b.Move.To),
			cmp.Compare(a.Move.Captured, b.Move.Captured),
		)
	})
}
