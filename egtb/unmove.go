// Predecessors: the slots of the positions from which a quiet move (no
// capture, no promotion) of the side that just moved leads to a given
// position. Such moves keep the material, so their predecessors are in the
// same pair of tables and retrograde analysis walks them backwards. The
// un-moves themselves are the engine's (engine.WhiteUnmoveSources).

package egtb

import (
	"math/bits"
	"slices"

	"github.com/dameo/dameo/engine"
)

// unmover finds predecessors, reusing its storage.
type unmover struct {
	slots []uint64
}

// predecessors lists the slots, in the table laid out by into, of the
// positions with White to move whose quiet move leads to the position c
// (White to move, given by its groups, in the colour-swapped table). Each
// slot is listed once, however many moves lead from it to c or to c's
// mirror image. Without decided, predecessors with a capture (which is
// compulsory) are left out; with it, those it holds (at unit slot base +
// slot: the generator's decided slots and those with a capture) are. The
// list is valid until the next call.
func (u *unmover) predecessors(c *[numGroups]uint64, into *layout, decided decidedSet, base uint64) []uint64 {
	u.slots = u.slots[:0]
	// Undo the colour swap: White has just moved, Black is to move.
	white, black := flip(c[groupBlackMen]|c[groupBlackKings]), flip(c[groupWhiteMen]|c[groupWhiteKings])
	kings := flip(c[groupWhiteKings] | c[groupBlackKings])
	g := groups(white, black, kings)
	// Two positions share a slot only when each is the other's mirror
	// image: distinct un-moves, which leave Black's pieces where they are,
	// give distinct slots unless Black's pieces are their own mirror image.
	distinct := mirror(g[groupBlackMen]) != g[groupBlackMen] || mirror(g[groupBlackKings]) != g[groupBlackKings]
	// An un-move changes one group: the digits of the others are fixed.
	for _, group := range [2]int{groupWhiteMen, groupWhiteKings} {
		if g[group] == 0 {
			continue
		}
		moves := into.partial(&g, group)
		for pieces := g[group]; pieces != 0; pieces &= pieces - 1 {
			to := engine.Square(bits.TrailingZeros64(pieces))
			for sources := engine.WhiteUnmoveSources(white, black, kings, to); sources != 0; sources &= sources - 1 {
				from := engine.Square(bits.TrailingZeros64(sources))
				i := moves.index(g[group] ^ (1<<from | 1<<to))
				if (decided != nil && decided.has(base+i)) || (!distinct && slices.Contains(u.slots, i)) {
					continue
				}
				if decided == nil {
					if pw, pb, pk := engine.WhiteUnplay(white, black, kings, engine.Move{From: from, To: to}); engine.WhiteHasCapture(pw, pb, pk) {
						continue // the capture would be compulsory
					}
				}
				u.slots = append(u.slots, i)
			}
		}
	}
	return u.slots
}
