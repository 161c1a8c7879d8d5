// Tests of the Stack: along random paths walked as a search walks them
// (down a move at a time, back up to play another), with some positions
// scored and kept and others scored as leaves, every score equals the
// evaluation from the board; the Stack allocates nothing.

package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

func TestStackMatchesScratch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	e := mustEvaluator(randomWeights(rng, 100))
	var s Stack
	var path [StackPlies]engine.Position
	var scored, leaves, backtracks int
	for range 100 {
		path[0] = engine.StartPosition()
		s.Reset(e, &path[0])
		ply := 0
		for range 300 {
			// Now and then back up the path, as a search does after a
			// subtree, and go on from there with another move.
			if ply > 1 && rng.IntN(4) == 0 {
				ply = rng.IntN(ply)
				backtracks++
			}
			if ply == StackPlies-1 {
				break
			}
			moves := path[ply].LegalMoves()
			if len(moves) == 0 {
				break
			}
			ply++
			path[ply] = path[ply-1].Play(moves[rng.IntN(len(moves))])
			s.Push(ply)
			want := e.Evaluate(&path[ply])
			switch rng.IntN(3) {
			case 0:
				if got := s.Score(ply, &path[ply]); got != want {
					t.Fatalf("ply %d, %v: Score %d, the board %d", ply, &path[ply], got, want)
				}
				scored++
			case 1:
				if got := s.Leaf(ply, &path[ply]); got != want {
					t.Fatalf("ply %d, %v: Leaf %d, the board %d", ply, &path[ply], got, want)
				}
				leaves++
			}
		}
	}
	if scored < 1000 || leaves < 1000 || backtracks < 1000 {
		t.Errorf("only %d positions scored, %d leaves, %d backtracks", scored, leaves, backtracks)
	}
}

func TestStackAllocatesNothing(t *testing.T) {
	ps := gamePositions(2)
	var s Stack
	e := Default()
	allocs := testing.AllocsPerRun(10, func() {
		s.Reset(e, &ps[0])
		for i := 1; i < len(ps) && i < StackPlies; i++ {
			s.Push(i)
			s.Leaf(i, &ps[i])
			s.Score(i, &ps[i])
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per %d positions", allocs, len(ps))
	}
}
