// The Evaluator: the static evaluation a Searcher uses, fixed when it is
// made so that any number of Searchers and goroutines can share it.

package search

import "github.com/dameo/dameo/engine"

// Evaluator is a static evaluation: a set of weights (an endgame tablebase
// prober would join them here). It does not change after NewEvaluator.
type Evaluator struct {
	weights Weights
}

// NewEvaluator is the evaluation with weights w (a copy: changing w later
// changes nothing).
func NewEvaluator(w Weights) *Evaluator { return &Evaluator{weights: w} }

// Weights are the evaluator's weights (a copy).
func (e *Evaluator) Weights() Weights { return e.weights }

// Evaluate is the static score of p for the side to move.
func (e *Evaluator) Evaluate(p *engine.Position) Score { return e.weights.Evaluate(p) }

// defaultEvaluator evaluates with DefaultWeights.
var defaultEvaluator = NewEvaluator(DefaultWeights())

// Evaluate is the static score of p for the side to move with the default
// weights.
func Evaluate(p *engine.Position) Score { return defaultEvaluator.Evaluate(p) }
