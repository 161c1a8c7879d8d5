// The ladder's evaluation: the weights the levels below Full were
// calibrated with, embedded here, so that a new evaluation of the full
// engine leaves every weaker level the opponent its Elo was measured on.

package levels

import (
	_ "embed"
	"sync"

	"github.com/dameo/dameo/eval"
)

// ladderFile is the weights file of the calibration (docs/levels.md): the
// engine's generation-3 weights (docs/tuning.md).
//
//go:embed weights.bin
var ladderFile []byte

// ladderEval is the ladder's evaluation, decoded on the first weaker move.
var ladderEval = sync.OnceValue(func() *eval.Evaluator {
	w, _, err := eval.Decode(ladderFile)
	if err != nil {
		panic("the ladder's embedded weights file: " + err.Error()) // a test checks it
	}
	e, err := eval.NewEvaluator(w)
	if err != nil {
		panic("the ladder's embedded weights: " + err.Error()) // a test checks it
	}
	return e
})
