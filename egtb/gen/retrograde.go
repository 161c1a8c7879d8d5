// The retrograde rule that both solvers follow (generate.go on a whole
// unit, slice_solve.go slice by slice): the state word of a position being
// solved, the values of its exits (captures and promotions, and for the
// sliced solver man moves into earlier slices), what a decided successor
// does to it (a predecessor of a loss wins; one whose quiet successors all
// win loses, at its longest exit if that is later), the result a final
// state gives, and the errors of a solve.

package gen

import (
	"errors"
	"fmt"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// The state of a position during generation, one 32-bit word:
//
//	bits 0-9    quiet successors not yet decided (distinct slots; not
//	            kept once bit 10 is set)
//	bit 10      cannot lose: a capture or promotion leads to a draw or win
//	bits 11-12  status: undecided, win, loss or unused
//	bit 13      the sliced solver's capture mark: no quiet move into the
//	            position is legal, un-moves pass it by
//	bits 16-31  decided: the distance; undecided: the longest loss through
//	            a capture or promotion
const (
	countMask      = 1<<10 - 1
	cannotLoseFlag = 1 << 10
	statusShift    = 11
	captureFlag    = 1 << 13
	distanceShift  = 16

	statusUndecided = 0
	statusWin       = 1
	statusLoss      = 2
	statusUnused    = 3

	maxDistance = 1<<16 - 1
)

func statusOf(s uint32) uint32 { return s >> statusShift & 3 }

// decidedState is the state of a position decided with status at level.
func decidedState(status uint32, level int) uint32 {
	return status<<statusShift | uint32(level)<<distanceShift
}

// resultOf is the value of a final state: undecided positions are draws.
func resultOf(st uint32) egtb.Result {
	switch statusOf(st) {
	case statusWin:
		return egtb.Result{WDL: egtb.Win, DTW: int(st >> distanceShift)}
	case statusLoss:
		return egtb.Result{WDL: egtb.Loss, DTW: int(st >> distanceShift)}
	}
	return egtb.Result{WDL: egtb.Draw, DTW: 0}
}

// leavesUnit reports whether White's move m, in a position where captures
// says whether White has one, leads out of the unit: a capture or a
// promotion.
func leavesUnit(captures bool, kings uint64, m engine.Move) bool {
	return captures || kings&(1<<m.From) == 0 && engine.CrowningMask(engine.White)&(1<<m.To) != 0
}

// playedResult is the value, for White, of playing m (a capture or a
// promotion) in the position of these pieces, from the finished tables.
func playedResult(t *egtb.Tables, white, black, kings uint64, m engine.Move) (egtb.Result, error) {
	w2, b2, k2 := engine.WhitePlay(white, black, kings, m)
	if b2 == 0 {
		return egtb.Result{WDL: egtb.Win, DTW: 1}, nil // Black has no piece left
	}
	r, ok := t.ProbeWhite(layout.Flip(b2), layout.Flip(w2), layout.Flip(k2))
	if !ok {
		return egtb.Result{}, fmt.Errorf("the move %v needs a table not yet built", m)
	}
	return r.Parent(), nil
}

// exitValues gather the values, for the side to move, of a position's
// moves whose successors are solved already (in finished tables, or for
// the sliced solver in earlier slices).
type exitValues struct {
	bestWin     int // the fastest win, maxDistance when none
	longestLoss int // the slowest loss, 0 when none
	cannotLose  bool
}

func newExitValues() exitValues { return exitValues{bestWin: maxDistance} }

// add counts a move worth r to the side that plays it.
func (e *exitValues) add(r egtb.Result) {
	switch r.WDL {
	case egtb.Win:
		e.bestWin, e.cannotLose = min(e.bestWin, r.DTW), true
	case egtb.Draw:
		e.cannotLose = true
	case egtb.Loss:
		e.longestLoss = max(e.longestLoss, r.DTW)
	}
}

// state is the undecided state of a position with these exits and n
// quiet successors still to decide.
func (e *exitValues) state(n int) (uint32, error) {
	if n > countMask {
		return 0, fmt.Errorf("%d quiet successors, more than the generator counts", n)
	}
	st := uint32(n) | uint32(e.longestLoss)<<distanceShift
	if e.cannotLose {
		st |= cannotLoseFlag
	}
	return st, nil
}

// settled is the level at which a position with these exits and n quiet
// successors is decided unless a quiet successor decides it first, and
// its status then: its fastest win through an exit, or without quiet
// moves and without an exit that saves it, its slowest loss; false when
// only its quiet successors can decide it.
func (e *exitValues) settled(n int) (status uint32, level int, ok bool) {
	switch {
	case e.bestWin < maxDistance:
		return statusWin, e.bestWin, true
	case n == 0 && !e.cannotLose:
		return statusLoss, e.longestLoss, true
	}
	return 0, 0, false
}

// candidateStatus is the status of an undecided position, of state st,
// that is decided at the level settled gave (or afterWin's later one): a
// win when an exit saves it, else a loss.
func candidateStatus(st uint32) uint32 {
	if st&cannotLoseFlag != 0 {
		return statusWin
	}
	return statusLoss
}

// errMoreWins is the error of a position told of more winning quiet
// successors than it counted.
var errMoreWins = errors.New("more winning successors than counted (un-moves and moves disagree)")

// afterWin is the state of an undecided position, of state st, once one
// more of its quiet successors wins (for the opponent) at level, and the
// level at which it then loses: level+1 (the state is then decided), or
// later when an exit loses more slowly (it stays undecided until then),
// or 0 while quiet successors are left. A position that an exit saves
// from losing keeps its state: only a losing successor decides it.
func afterWin(st uint32, level int) (uint32, int, error) {
	if st&cannotLoseFlag != 0 {
		return st, 0, nil
	}
	if st&countMask == 0 {
		return st, 0, errMoreWins
	}
	st--
	if st&countMask != 0 {
		return st, 0, nil
	}
	at := max(level+1, int(st>>distanceShift))
	if at == level+1 {
		st = decidedState(statusLoss, at)
	}
	return st, at, nil
}

// slotError is err in the position of slot i of table mat.
func slotError(mat egtb.Material, i uint64, err error) error {
	return fmt.Errorf("table %v slot %d: %w", mat, i, err)
}

// checkLevel refuses a level of propagation beyond the distances a state
// word holds.
func checkLevel(unit []egtb.Material, level int) error {
	if level >= maxDistance {
		return fmt.Errorf("tables %v: distance beyond %d", unit, maxDistance)
	}
	return nil
}

// codeOf is the code of a position's value.
func codeOf(w egtb.WDL) int {
	switch w {
	case egtb.Win:
		return frame.CodeWin
	case egtb.Loss:
		return frame.CodeLoss
	}
	return frame.CodeDraw
}
