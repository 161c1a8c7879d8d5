// Predecessors: the slots of the positions from which a quiet move (no
// capture, no promotion) of the side that just moved leads to a given
// position. Such moves keep the material, so their predecessors are in the
// same pair of tables and retrograde analysis walks them backwards. The
// un-moves themselves are the engine's (engine.WhiteUnmoveSources).

package gen

import (
	"math/bits"
	"slices"

	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// unmover finds predecessors, reusing its storage.
type unmover struct {
	after  [layout.NumGroups]uint64 // the position of the slot of the last call
	digits layout.SlotDigits        // and its digits
	slots  []uint64
	moved  []uint64 // by predecessor: the two squares its un-move changes
	index  movedIndex
}

// swapColours is the position g (White to move) seen from the other side:
// Black's pieces become White's, the board turned upside down.
func swapColours(g *[layout.NumGroups]uint64) [layout.NumGroups]uint64 {
	return [layout.NumGroups]uint64{layout.Flip(g[layout.GroupBlackMen]), layout.Flip(g[layout.GroupBlackKings]), layout.Flip(g[layout.GroupWhiteMen]), layout.Flip(g[layout.GroupWhiteKings])}
}

// predecessors lists the unit slots (base + the slot in the table laid
// out by l) of the positions with White to move whose quiet move leads to
// the position of slot (White having just moved: Black is to move), but
// for those that decided holds (the generator's decided slots and those
// with a capture, which is compulsory). Each slot is listed once, however
// many moves lead from it to the position or to its mirror image. The
// list is valid until the next call; position gives the predecessors'
// groups.
func (u *unmover) predecessors(l *layout.Layout, slot uint64, decided decidedSet, base uint64) []uint64 {
	g, _ := l.Decode(slot, &u.digits)
	u.after, u.slots, u.moved = g, u.slots[:0], u.moved[:0]
	white, black, kings := g[layout.GroupWhiteMen]|g[layout.GroupWhiteKings], g[layout.GroupBlackMen]|g[layout.GroupBlackKings], g[layout.GroupWhiteKings]|g[layout.GroupBlackKings]
	// An un-move changes one group: the digits of the others are the slot's.
	for _, group := range [2]int{layout.GroupWhiteMen, layout.GroupWhiteKings} {
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
	if layout.Mirror(g[layout.GroupBlackMen]) == g[layout.GroupBlackMen] && layout.Mirror(g[layout.GroupBlackKings]) == g[layout.GroupBlackKings] {
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
func (u *unmover) position(k int) [layout.NumGroups]uint64 {
	g, moved := u.after, u.moved[k]
	if g[layout.GroupWhiteKings]&moved != 0 {
		g[layout.GroupWhiteKings] ^= moved // a king came back from its source
	} else {
		g[layout.GroupWhiteMen] ^= moved
	}
	return g
}
