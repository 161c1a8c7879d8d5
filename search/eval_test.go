// Tests and benchmarks of the static evaluation.

package search

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

func BenchmarkEvaluateGames(b *testing.B) {
	ps := gamePositions(20)
	for b.Loop() {
		for i := range ps {
			Evaluate(&ps[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/eval")
}
