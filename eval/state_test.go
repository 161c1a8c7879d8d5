// Tests of the incremental state: along random games, the state updated
// move by move, or across several moves at once, equals the state read
// from the board at every ply, for both sides' views, through promotions
// and captures of many pieces, and evaluates alike, kept or not
// (EvaluateAfter); each view's readings are those of its patterns square
// by square; updating and evaluating allocate nothing.

package eval

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

func TestStateIncrementalMatchesScratch(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	e := mustEvaluator(randomWeights(rng, 100))
	var plies, promotions, multiCaptures, kingCaptures, kingMoves, blackToMove int
	for range 150 {
		p := engine.StartPosition()
		var s State
		s.Init(&p)
		for range 300 {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			q := p.Play(m)
			s.Update(&p, &q)
			var fresh State
			fresh.Init(&q)
			if s != fresh {
				t.Fatalf("%v after %v: the updated state differs from the one read from the board", &p, p.FormatMove(m))
			}
			if a, b := e.EvaluateState(&q, &s), e.Evaluate(&q); a != b {
				t.Fatalf("%v: EvaluateState %d, Evaluate %d", &q, a, b)
			}
			us := p.SideToMove()
			if bits.OnesCount64(q.Kings(us)) > bits.OnesCount64(p.Kings(us)) {
				promotions++
			}
			if bits.OnesCount64(m.Captured) >= 2 {
				multiCaptures++
			}
			if m.Captured&(p.Kings(engine.White)|p.Kings(engine.Black)) != 0 {
				kingCaptures++
			}
			if p.Kings(us)>>m.From&1 != 0 {
				kingMoves++
			}
			if q.SideToMove() == engine.Black {
				blackToMove++
			}
			plies++
			p = q
		}
	}
	t.Logf("%d plies: %d promotions, %d captures of 2 or more pieces, %d of kings, %d king moves",
		plies, promotions, multiCaptures, kingCaptures, kingMoves)
	if promotions < 10 || multiCaptures < 10 || kingCaptures < 10 || kingMoves < 100 || blackToMove < plies/3 {
		t.Errorf("the games did not cover the cases: %d promotions, %d multiple captures, %d king captures, %d king moves, %d Black to move",
			promotions, multiCaptures, kingCaptures, kingMoves, blackToMove)
	}
}

// TestStateUpdateAcrossMoves: a state brought up to date from a position
// some plies back, as the search does from the nearest position on its
// path that has one, equals the state read from the board; evaluating
// from the state back there (EvaluateAfter) scores the same and leaves
// that state as it was.
func TestStateUpdateAcrossMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	e := mustEvaluator(randomWeights(rng, 100))
	for range 100 {
		p := engine.StartPosition()
		path := []engine.Position{p}
		states := make([]State, 1)
		states[0].Init(&p)
		for range 200 {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
			j := max(len(path)-1-rng.IntN(8), 0)
			back := states[j]
			if a, b := e.EvaluateAfter(&p, &path[j], &states[j]), e.Evaluate(&p); a != b {
				t.Fatalf("%v: EvaluateAfter from %d plies back %d, Evaluate %d", &p, len(path)-j, a, b)
			}
			if states[j] != back {
				t.Fatalf("%v: EvaluateAfter changed the state it started from", &p)
			}
			s := states[j]
			s.Update(&path[j], &p)
			var fresh State
			fresh.Init(&p)
			if s != fresh {
				t.Fatalf("%v updated from %v, %d plies back: the state differs from the one read from the board", &p, &path[j], len(path)-j)
			}
			path, states = append(path, p), append(states, s)
		}
	}
}

// TestStateReadings: every pattern reading of each view of a state is the
// pattern's base-3 reading square by square (own men 1, enemy men 2).
func TestStateReadings(t *testing.T) {
	for _, p := range gamePositions(30) {
		var s State
		s.Init(&p)
		for c := range s.views {
			us := engine.Color(c)
			own, enemy := engine.Orient(p.Men(us), us), engine.Orient(p.Men(us.Other()), us)
			for w := range NumPatterns {
				var want int32
				for i := range patternRanks {
					for j := range patternFiles {
						sq := 8*(w/patternsAcross+i) + w%patternsAcross + j
						want += int32(own>>sq&1+2*(enemy>>sq&1)) * pow3(patternFiles*i+j)
					}
				}
				if got := s.views[c].reading(w); got != want {
					t.Fatalf("%v: %v's view, pattern %d reads %d, want %d", &p, us, w, got, want)
				}
			}
		}
	}
}

// TestStateViews: each colour's view of the start position is the same
// (it is symmetric), and a lone white man is an own man in White's view
// and an enemy man, rank mirrored, in Black's.
func TestStateViews(t *testing.T) {
	var s State
	start := engine.StartPosition()
	s.Init(&start)
	if s.views[engine.White] != s.views[engine.Black] {
		t.Errorf("the start position's views differ")
	}
	p, err := engine.ParsePosition("8/8/8/8/8/8/8/w7 w") // a1
	if err != nil {
		t.Fatal(err)
	}
	s.Init(&p)
	if got := s.views[engine.White].reading(0); got != 1 {
		t.Errorf("White's view of a1: %d, want 1", got)
	}
	// In Black's view a1 is a8: rank 7, the top rank of the patterns of
	// rank placement 5, digit 8 of pattern 25.
	if got := s.views[engine.Black].reading(25); got != 2*6561 {
		t.Errorf("Black's view of a1: pattern 25 holds %d, want %d", got, 2*6561)
	}
}

func TestStateAllocatesNothing(t *testing.T) {
	ps := gamePositions(2)
	e := Default()
	var s State
	allocs := testing.AllocsPerRun(10, func() {
		s.Init(&ps[0])
		for i := 1; i < len(ps); i++ {
			e.EvaluateAfter(&ps[i], &ps[i-1], &s)
			s.Update(&ps[i-1], &ps[i])
			e.EvaluateState(&ps[i], &s)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per %d positions", allocs, len(ps))
	}
}

func BenchmarkStateUpdate(b *testing.B) {
	ps := gamePositions(20)
	var s State
	for b.Loop() {
		s.Init(&ps[0])
		for i := 1; i < len(ps); i++ {
			s.Update(&ps[i-1], &ps[i])
		}
	}
}
