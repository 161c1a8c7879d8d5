// Predecessors: the slots of the positions from which a quiet move (no
// capture, no promotion) of the side that just moved leads to a given
// position. Such moves keep the material, so their predecessors are in the
// same pair of tables and retrograde analysis walks them backwards. The
// un-moves themselves are the engine's (engine.WhiteUnmoves).

package egtb

import (
	"slices"

	"github.com/dameo/dameo/engine"
)

// unmover finds predecessors, reusing its storage.
type unmover struct {
	unmoves engine.MoveList
	slots   []uint64
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
	engine.WhiteUnmoves(white, black, kings, &u.unmoves)
	g := groups(white, black, kings)
	// An un-move changes one group: the digits of the others are fixed.
	kingMoves, manMoves := into.partial(&g, groupWhiteKings), into.partial(&g, groupWhiteMen)
	menSlots := 0 // u.slots[:menSlots] come from men's un-moves
	for _, m := range u.unmoves.Slice() {
		moved := uint64(1)<<m.From | uint64(1)<<m.To
		var i uint64
		if kings&moved != 0 {
			i = kingMoves.index(g[groupWhiteKings] ^ moved)
		} else {
			i = manMoves.index(g[groupWhiteMen] ^ moved)
		}
		// Distinct king un-moves with a lead fixing the mirror give distinct
		// slots: only the men's un-moves (listed first) may give theirs.
		seen := u.slots
		if kings&moved != 0 && kingMoves.injective() {
			seen = u.slots[:menSlots]
		}
		if (decided != nil && decided.has(base+i)) || slices.Contains(seen, i) {
			continue
		}
		if decided == nil {
			if pw, pb, pk := engine.WhiteUnplay(white, black, kings, m); engine.WhiteHasCapture(pw, pb, pk) {
				continue // the capture would be compulsory
			}
		}
		u.slots = append(u.slots, i)
		if kings&moved == 0 {
			menSlots = len(u.slots)
		}
	}
	return u.slots
}
