// The engine's evaluation: the weights file embedded in the program, and
// the Evaluator made of it once, on first use.

package eval

import (
	_ "embed"
	"sync"
)

// defaultFile is the engine's weights (docs/tuning.md says what made them).
//
//go:embed weights/default.bin
var defaultFile []byte

// defaultWeights are the embedded weights and their description, decoded
// once.
var defaultWeights = sync.OnceValues(func() (*Weights, string) {
	w, description, err := Decode(defaultFile)
	if err != nil {
		panic("the embedded weights file: " + err.Error()) // a test checks it
	}
	return w, description
})

// DefaultWeights are the engine's weights, embedded in the program (a new
// copy each call).
func DefaultWeights() *Weights {
	w, _ := defaultWeights()
	return w.Clone()
}

// DefaultDescription is the description of the embedded weights: the
// command that made them.
func DefaultDescription() string {
	_, description := defaultWeights()
	return description
}

// defaultEvaluator is Default, made on first use.
var defaultEvaluator = sync.OnceValue(func() *Evaluator {
	w, _ := defaultWeights()
	e, err := NewEvaluator(w)
	if err != nil {
		panic("the embedded weights file: " + err.Error()) // a test checks it
	}
	return e
})

// Default is the engine's evaluation, of the embedded weights.
func Default() *Evaluator { return defaultEvaluator() }
