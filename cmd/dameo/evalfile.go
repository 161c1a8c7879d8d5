// The --eval flag of analyze, bench, datagen and shots run: the evaluation of a
// weights file, the embedded one by default.

package main

import (
	"fmt"

	"github.com/dameo/dameo/eval"
)

// loadEval is the evaluation of the weights file at path ("": the
// embedded one); a file that cannot be used is bad input.
func loadEval(path string) (*eval.Evaluator, error) {
	e, err := eval.LoadEvaluator(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("--eval: %w", err)}
	}
	return e, nil
}
