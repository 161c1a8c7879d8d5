// The evaluation's stack along a search path: the incremental state of
// each position from the root down, brought up to date lazily (only when
// a position is scored and searched on, as most positions entered never
// are), and the scores of the path's positions read from it. The search
// keeps one Stack per thread and tells it where the path changes.

package eval

import "github.com/dameo/dameo/engine"

// StackPlies is the number of plies a Stack holds: the root and the
// positions up to StackPlies-1 plies below it.
const StackPlies = 129

// Stack is the evaluation's states of the positions on a search path, by
// ply. Its zero value is ready for Reset; it allocates nothing after.
type Stack struct {
	eval  *Evaluator
	plies [StackPlies]stackPly
}

// stackPly is one ply of a Stack: the state of pos, when set.
type stackPly struct {
	state State
	pos   engine.Position // the position whose state is state
	set   bool            // state is up to date (always at the root)
}

// Reset starts a path at root, scored with e.
func (s *Stack) Reset(e *Evaluator, root *engine.Position) {
	s.eval = e
	r := &s.plies[0]
	r.state.Init(root)
	r.pos, r.set = *root, true
}

// Push records that a new position is at ply (0 < ply < StackPlies), a
// move below the position at ply-1: its state is brought up to date only
// when it is scored with Score.
func (s *Stack) Push(ply int) { s.plies[ply].set = false }

// Score is the static score of p, the position at ply on the path, as
// Evaluator.Evaluate, from its state, which is brought up to date from the
// nearest position above it that has one and kept for the positions below.
func (s *Stack) Score(ply int, p *engine.Position) int32 {
	at := &s.plies[ply]
	if !at.set {
		from := &s.plies[s.nearest(ply)]
		at.state = from.state
		at.state.Update(&from.pos, p)
		at.pos, at.set = *p, true
	}
	return s.eval.EvaluateState(p, &at.state)
}

// Leaf is Score for a leaf, a position at ply from which no other will be
// scored: it keeps no state (Evaluator.EvaluateAfter from the nearest
// position above that has one).
func (s *Stack) Leaf(ply int, p *engine.Position) int32 {
	from := &s.plies[s.nearest(ply)]
	return s.eval.EvaluateAfter(p, &from.pos, &from.state)
}

// nearest is the nearest ply, at or above ply on the path, whose position
// has its state.
func (s *Stack) nearest(ply int) int {
	for !s.plies[ply].set {
		ply--
	}
	return ply
}
