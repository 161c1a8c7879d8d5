// Un-moves: the positions from which a quiet move (no capture, no
// promotion) of the side that just moved leads to a given position. Such
// moves keep the material, so their predecessors are in the same pair of
// tables and retrograde analysis walks them backwards.

package egtb

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/dameo/dameo/engine"
)

// Board directions as (file, rank) steps: the first three are the forward
// moves of a white man.
var directions = [8][2]int{{0, 1}, {1, 1}, {-1, 1}, {0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}}

// numManDirections counts the white man's forward directions, first in directions.
const numManDirections = 3

// neighbour[d][s] is the square one step from s in direction d, or -1 off
// the board; behind[d][s] is the square one step from s against direction d.
var neighbour, behind [8][64]int8

func init() {
	for d, v := range directions {
		for s := range 64 {
			neighbour[d][s] = squareAt(s%8+v[0], s/8+v[1])
			behind[d][s] = squareAt(s%8-v[0], s/8-v[1])
		}
	}
}

func squareAt(file, rank int) int8 {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return -1
	}
	return int8(8*rank + file)
}

// unmover finds predecessors, reusing its storage.
type unmover struct {
	slots []uint64
}

// predecessors lists the slots, in the table laid out by into, of the
// positions with White to move whose quiet move leads to the position c
// (White to move, given by its pieces, in the colour-swapped table). Each
// slot is listed once, however many moves lead from it to c or to c's
// mirror image. When states (the generation states of the predecessors'
// table) is not nil, predecessors already decided are left out. The list
// is valid until the next call.
func (u *unmover) predecessors(cWhite, cBlack, cKings uint64, into *layout, states []atomic.Uint32) []uint64 {
	u.slots = u.slots[:0]
	// Undo the colour swap: in q, White has just moved and Black is to move.
	white, black, kings := flip(cBlack), flip(cWhite), flip(cKings)
	occupied := white | black
	for men := white &^ kings; men != 0; men &= men - 1 {
		to := lowest(men)
		for d := range numManDirections {
			// A step from the square behind, or a linear move over the
			// unbroken line of white men behind: the square behind the line
			// is where the man came from, and must be empty.
			from := behind[d][to]
			for from >= 0 && (white&^kings)&(1<<from) != 0 {
				from = behind[d][from]
			}
			if from >= 0 && occupied&(1<<from) == 0 {
				u.add(white^(1<<to|1<<from), black, kings, into, states)
			}
		}
	}
	for ks := white & kings; ks != 0; ks &= ks - 1 {
		to := lowest(ks)
		for d := range directions {
			for from := neighbour[d][to]; from >= 0 && occupied&(1<<from) == 0; from = neighbour[d][from] {
				bit := uint64(1)<<to | 1<<from
				u.add(white^bit, black, kings^bit, into, states)
			}
		}
	}
	return u.slots
}

// add lists the slot of the predecessor with the given pieces unless it
// is listed or decided, or White, to move there, has a capture (which
// would be compulsory).
func (u *unmover) add(white, black, kings uint64, into *layout, states []atomic.Uint32) {
	i := into.index(groups(white, black, kings))
	if slices.Contains(u.slots, i) || (states != nil && statusOf(states[i].Load()) != statusUndecided) {
		return
	}
	p, err := engine.NewPosition(white, black, kings, engine.White)
	if err != nil || p.HasCapture() {
		return
	}
	u.slots = append(u.slots, i)
}

func lowest(b uint64) int8 { return int8(bits.TrailingZeros64(b)) }
