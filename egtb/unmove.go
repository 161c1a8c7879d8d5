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
	after  [numGroups]uint64 // the position of the slot of the last call
	digits slotDigits        // and its digits
	slots  []uint64
	moved  []uint64 // by predecessor: the two squares its un-move changes
	index  movedIndex
}

// swapColours is the position g (White to move) seen from the other side:
// Black's pieces become White's, the board turned upside down.
func swapColours(g *[numGroups]uint64) [numGroups]uint64 {
	return [numGroups]uint64{flip(g[groupBlackMen]), flip(g[groupBlackKings]), flip(g[groupWhiteMen]), flip(g[groupWhiteKings])}
}

// predecessors lists the unit slots (base + the slot in the table laid
// out by l) of the positions with White to move whose quiet move leads to
// the position of slot (White having just moved: Black is to move), but
// for those that decided holds (the generator's decided slots and those
// with a capture, which is compulsory). Each slot is listed once, however
// many moves lead from it to the position or to its mirror image. The
// list is valid until the next call; position gives the predecessors'
// groups.
func (u *unmover) predecessors(l *layout, slot uint64, decided decidedSet, base uint64) []uint64 {
	g, _ := l.decode(slot, &u.digits)
	u.after, u.slots, u.moved = g, u.slots[:0], u.moved[:0]
	white, black, kings := g[groupWhiteMen]|g[groupWhiteKings], g[groupBlackMen]|g[groupBlackKings], g[groupWhiteKings]|g[groupBlackKings]
	// An un-move changes one group: the digits of the others are the slot's.
	for _, group := range [2]int{groupWhiteMen, groupWhiteKings} {
		if g[group] == 0 {
			continue
		}
		u.index.reset(l, base, slot, &u.after, &u.digits, group)
		for pieces := g[group]; pieces != 0; pieces &= pieces - 1 {
			to := bits.TrailingZeros64(pieces)
			u.index.move(to)
			sources := engine.WhiteUnmoveSources(white, black, kings, engine.Square(to))
			var kept uint64 // the sources of the predecessors listed
			u.slots, kept = u.index.appendIndexes(u.slots, sources, decided)
			for ; kept != 0; kept &= kept - 1 {
				u.moved = append(u.moved, kept&-kept|1<<to)
			}
		}
	}
	// Two positions share a slot only when each is the other's mirror
	// image: distinct un-moves, which leave Black's pieces where they are,
	// give distinct slots unless Black's pieces are their own mirror image.
	if mirror(g[groupBlackMen]) == g[groupBlackMen] && mirror(g[groupBlackKings]) == g[groupBlackKings] {
		u.dropRepeats()
	}
	return u.slots
}

// dropRepeats keeps the first of the predecessors that share a slot.
func (u *unmover) dropRepeats() {
	kept := 0
	for k, i := range u.slots {
		if !slices.Contains(u.slots[:kept], i) {
			u.slots[kept], u.moved[kept] = i, u.moved[k]
			kept++
		}
	}
	u.slots, u.moved = u.slots[:kept], u.moved[:kept]
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
