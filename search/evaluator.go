// The Evaluator: the static evaluation a Searcher uses, fixed when it is
// made so that any number of Searchers and goroutines can share it.

package search

import "github.com/dameo/dameo/engine"

// Evaluator is a static evaluation: a set of weights and, optionally, the
// values of the board's window patterns (an endgame tablebase prober would
// join them here). It does not change after it is made.
type Evaluator struct {
	weights  Weights
	patterns *packedPatterns // nil: none
}

// NewEvaluator is the evaluation with weights w and no patterns (a copy:
// changing w later changes nothing).
func NewEvaluator(w Weights) *Evaluator { return &Evaluator{weights: w} }

// NewPatternEvaluator is the evaluation with weights w and the window
// patterns pt (copies of both; each pattern value held within
// ±math.MaxInt16).
func NewPatternEvaluator(w Weights, pt *Patterns) *Evaluator {
	return &Evaluator{weights: w, patterns: pt.pack()}
}

// DefaultEvaluator is the engine's evaluation: the tuned weights and, when
// the tuner made them, the tuned patterns (weights_tuned.go).
func DefaultEvaluator() *Evaluator { return defaultEvaluator }

// Weights are the evaluator's weights (a copy).
func (e *Evaluator) Weights() Weights { return e.weights }

// Evaluate is the static score of p for the side to move.
func (e *Evaluator) Evaluate(p *engine.Position) Score {
	if e.patterns == nil {
		return e.weights.Evaluate(p)
	}
	var f Features
	f.Count(p)
	mg, eg := e.patterns.sum(p)
	return f.dotPlus(&e.weights, mg, eg)
}

// defaultEvaluator is DefaultEvaluator.
var defaultEvaluator = func() *Evaluator {
	if tunedPatterns == nil {
		return NewEvaluator(DefaultWeights())
	}
	return NewPatternEvaluator(DefaultWeights(), tunedPatterns)
}()

// Evaluate is the static score of p for the side to move with the engine's
// evaluation (DefaultEvaluator).
func Evaluate(p *engine.Position) Score { return defaultEvaluator.Evaluate(p) }
