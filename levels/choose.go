// Choosing a weaker move: among the candidates a search scored, each
// within the level's largest loss is drawn with a weight that falls
// exponentially with its loss against the best.

package levels

import (
	"math"
	"math/rand/v2"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// candidate is a root move the search scored, with its line.
type candidate struct {
	move  engine.Move
	score search.Score
	pv    []engine.Move
}

// winCap bounds the scores of forced results when losses are measured: a
// missed win counts as a loss of this much, not of the distance between
// win and loss scores.
const winCap = 2000

// choose is the index in cands (not empty) of the move to play at lv.
func choose(cands []candidate, lv *Level, rng *rand.Rand) int {
	capped := func(s search.Score) float64 { return float64(min(max(s, -winCap), winCap)) }
	best := math.Inf(-1)
	for _, c := range cands {
		best = max(best, capped(c.score))
	}
	weights := make([]float64, len(cands))
	total := 0.0
	for i, c := range cands {
		loss := best - capped(c.score)
		if loss > float64(lv.MaxLoss) {
			continue
		}
		weights[i] = math.Exp(-loss / lv.Temperature)
		total += weights[i]
	}
	x := rng.Float64() * total
	last := 0
	for i, w := range weights {
		if w == 0 {
			continue
		}
		if x < w {
			return i
		}
		x -= w
		last = i
	}
	return last // rounding left x at or just above the last weight
}
