// Tests of Searchers with their own evaluators, side by side in one process.

package search

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
)

func TestSearchersWithOwnEvaluators(t *testing.T) {
	heavyTempo := eval.DefaultWeights()
	tempo := eval.TermIndex(eval.TermTempo)
	heavyTempo.MG[tempo], heavyTempo.EG[tempo] = 200, 200
	heavy, err := eval.NewEvaluator(heavyTempo)
	if err != nil {
		t.Fatal(err)
	}
	evaluators := []*eval.Evaluator{nil, eval.Default(), heavy}
	g := engine.NewGame(engine.StartPosition())
	limits := Limits{Depth: 5}
	search := func(e *eval.Evaluator) Result {
		return New(Options{Threads: 1, HashMiB: 1, Eval: e}).Search(context.Background(), g, limits, nil)
	}
	alone := make([]Result, len(evaluators))
	for i, e := range evaluators {
		alone[i] = search(e)
	}
	if alone[0] != alone[1] {
		t.Errorf("no evaluator gave %+v, the default one %+v", alone[0], alone[1])
	}
	if alone[2].Score == alone[1].Score {
		t.Errorf("a heavy tempo weight changed nothing: %+v", alone[2])
	}
	// Side by side, each Searcher still uses its own evaluator.
	together := make([]Result, len(evaluators))
	var wg sync.WaitGroup
	for i, e := range evaluators {
		wg.Go(func() { together[i] = search(e) })
	}
	wg.Wait()
	for i := range evaluators {
		if together[i] != alone[i] {
			t.Errorf("evaluator %d: %+v side by side, %+v alone", i, together[i], alone[i])
		}
	}
}

// TestStateAtMatchesScratch: along random paths, the state the search
// brings up to date only when a position is evaluated (some evaluated,
// some skipped, captures and promotions among them) scores every
// position as the evaluation from the board does.
func TestStateAtMatchesScratch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	w := newWorker(0)
	w.eval = eval.Default()
	checked := 0
	for range 200 {
		w.pos[0] = engine.StartPosition()
		w.evals[0].Init(&w.pos[0])
		w.evalsSet[0] = true
		w.keys = make([]uint64, maxPly+2)
		for ply := 1; ply < 120; ply++ {
			var l engine.MoveList
			w.pos[ply-1].GenerateMoves(&l)
			if l.Len == 0 {
				break
			}
			m := l.Moves[rng.IntN(l.Len)]
			w.pos[ply] = w.pos[ply-1].Play(m)
			w.enter(ply, m)
			if rng.IntN(3) == 0 {
				got := w.eval.EvaluateState(&w.pos[ply], w.stateAt(ply))
				if want := w.eval.Evaluate(&w.pos[ply]); got != want {
					t.Fatalf("ply %d, %v: state scores %d, the board %d", ply, &w.pos[ply], got, want)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d positions checked", checked)
	}
}
