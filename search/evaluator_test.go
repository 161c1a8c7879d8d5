// Tests of Searchers with their own evaluators, side by side in one process.

package search

import (
	"context"
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
