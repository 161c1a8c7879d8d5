// Test helpers: the positions of random games, the check of a fast
// reading against its reference, and random weights.

package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

// gamePositions are the positions of n random games of at most 200 plies
// from the start position (a fixed seed, so always the same ones).
func gamePositions(n int) []engine.Position {
	rng := rand.New(rand.NewPCG(11, 12))
	var ps []engine.Position
	for range n {
		p := engine.StartPosition()
		for range 200 {
			ps = append(ps, p)
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	return ps
}

// randomWeights are weights drawn from [-limit, limit].
func randomWeights(rng *rand.Rand, limit int) *Weights {
	w := NewWeights()
	for i := range w.MG {
		w.MG[i] = int16(rng.IntN(2*limit+1) - limit)
		w.EG[i] = int16(rng.IntN(2*limit+1) - limit)
	}
	return w
}

// mustEvaluator is NewEvaluator of weights known to be good.
func mustEvaluator(w *Weights) *Evaluator {
	e, err := NewEvaluator(w)
	if err != nil {
		panic(err)
	}
	return e
}

// matchesReference checks read against reference, two readings of the
// same feature (name), on the positions of n random games.
func matchesReference[T comparable](t *testing.T, n int, name string, read func(*engine.Position, *T), reference func(*engine.Position) T) {
	t.Helper()
	positions := gamePositions(n)
	for i := range positions {
		p := &positions[i]
		var got T
		read(p, &got)
		if want := reference(p); got != want {
			t.Fatalf("%v: %s %v, reference %v", p, name, got, want)
		}
	}
}
