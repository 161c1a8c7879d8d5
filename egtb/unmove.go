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
	after [numGroups]uint64 // the position of the last call
	slots []uint64
	moved []uint64 // by predecessor: the two squares its un-move changes
}

// swapColours is the position g (White to move) seen from the other side:
// Black's pieces become White's, the board turned upside down.
func swapColours(g *[numGroups]uint64) [numGroups]uint64 {
	return [numGroups]uint64{flip(g[groupBlackMen]), flip(g[groupBlackKings]), flip(g[groupWhiteMen]), flip(g[groupWhiteKings])}
}

// predecessors lists the slots, in the table laid out by into, of the
// positions with White to move whose quiet move leads to the position
// after (given by its groups, White having just moved: Black is to move).
// Each slot is listed once, however many moves lead from it to after or to
// its mirror image. Without decided, predecessors with a capture (which
// is compulsory) are left out; with it, those it holds (at unit slot base
// + slot: the generator's decided slots and those with a capture) are. The
// list is valid until the next call; position gives the predecessors'
// groups.
func (u *unmover) predecessors(after *[numGroups]uint64, into *layout, decided decidedSet, base uint64) []uint64 {
	u.after, u.slots, u.moved = *after, u.slots[:0], u.moved[:0]
	g := after
	white, black, kings := g[groupWhiteMen]|g[groupWhiteKings], g[groupBlackMen]|g[groupBlackKings], g[groupWhiteKings]|g[groupBlackKings]
	// Two positions share a slot only when each is the other's mirror
	// image: distinct un-moves, which leave Black's pieces where they are,
	// give distinct slots unless Black's pieces are their own mirror image.
	distinct := mirror(g[groupBlackMen]) != g[groupBlackMen] || mirror(g[groupBlackKings]) != g[groupBlackKings]
	// An un-move changes one group: the digits of the others are fixed.
	for _, group := range [2]int{groupWhiteMen, groupWhiteKings} {
		if g[group] == 0 {
			continue
		}
		moves := into.partial(g, group)
		for pieces := g[group]; pieces != 0; pieces &= pieces - 1 {
			to := engine.Square(bits.TrailingZeros64(pieces))
			for sources := engine.WhiteUnmoveSources(white, black, kings, to); sources != 0; sources &= sources - 1 {
				from := engine.Square(bits.TrailingZeros64(sources))
				moved := uint64(1)<<from | uint64(1)<<to
				i := moves.index(g[group] ^ moved)
				if (decided != nil && decided.has(base+i)) || (!distinct && slices.Contains(u.slots, i)) {
					continue
				}
				if decided == nil {
					if pw, pb, pk := engine.WhiteUnplay(white, black, kings, engine.Move{From: from, To: to}); engine.WhiteHasCapture(pw, pb, pk) {
						continue // the capture would be compulsory
					}
				}
				u.slots = append(u.slots, i)
				u.moved = append(u.moved, moved)
			}
		}
	}
	return u.slots
}

// position is the groups of the k-th predecessor of the last call (one of
// the positions of its slot).
func (u *unmover) position(k int) [numGroups]uint64 {
	g, moved := u.after, u.moved[k]
	if g[groupWhiteKings]&moved != 0 {
		g[groupWhiteKings] ^= moved // a king came back from its source
	} else {
		g[groupWhiteMen] ^= moved
	}
	return g
}
