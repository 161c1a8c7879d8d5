// The Texel loss and its gradient: the mean over positions of
// (σ(K·eval) − target)², where σ is the logistic function, eval the
// tapered evaluation (eval.MGShare) of the flat weight vector (the
// middlegame and the endgame weight of each feature index, side by side) and
// target the game's result, optionally blended with σ(K·search score).
// Sums are split into fixed chunks and added in chunk order, so that the
// result does not depend on the number of threads.

package tune

import (
	"math"
	"sync"
)

// chunkSize is the number of positions summed by one goroutine at a time.
const chunkSize = 2048

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// objective is what a loss is computed with.
type objective struct {
	set     *Set
	k       float64 // the logistic scale, per hundredth of a man
	lambda  float64 // the weight of the game result in the target (1 − λ: the search score's)
	threads int
}

// eval is the evaluation of sample sm with weight vector w (no rounding).
func (o *objective) eval(sm *sample, w []float64) float64 {
	mg, eg := 0.0, 0.0
	for _, e := range o.set.entries[sm.first : sm.first+uint32(sm.n)] {
		mg += float64(e.count) * w[2*int(e.index)]
		eg += float64(e.count) * w[2*int(e.index)+1]
	}
	s := sm.mgShare()
	return mg*s + eg*(1-s)
}

// target is the value the prediction of sm should match.
func (o *objective) target(sm *sample) float64 {
	if o.lambda == 1 {
		return float64(sm.result)
	}
	return o.lambda*float64(sm.result) + (1-o.lambda)*sigmoid(o.k*float64(sm.score))
}

// chunk adds the gradient of the summed loss of the positions idx to grad
// (if not nil) and returns the summed loss.
func (o *objective) chunk(idx []uint32, w, grad []float64) float64 {
	loss := 0.0
	for _, i := range idx {
		sm := &o.set.samples[i]
		p := sigmoid(o.k * o.eval(sm, w))
		d := p - o.target(sm)
		loss += d * d
		if grad == nil {
			continue
		}
		// d loss / d eval = 2 d σ' K, with σ' = p (1 − p).
		g := 2 * d * p * (1 - p) * o.k
		s := sm.mgShare()
		for _, e := range o.set.entries[sm.first : sm.first+uint32(sm.n)] {
			c := g * float64(e.count)
			grad[2*int(e.index)] += c * s
			grad[2*int(e.index)+1] += c * (1 - s)
		}
	}
	return loss
}

// loss is the mean loss of the positions idx with weights w; with grad not
// nil it also sets grad to the loss's gradient.
func (o *objective) loss(idx []uint32, w, grad []float64) float64 {
	if len(idx) == 0 {
		clear(grad)
		return 0
	}
	chunks := (len(idx) + chunkSize - 1) / chunkSize
	losses := make([]float64, chunks)
	var grads [][]float64
	if grad != nil {
		grads = make([][]float64, chunks)
		for c := range grads {
			grads[c] = make([]float64, len(w))
		}
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(o.threads, chunks)) {
		wg.Go(func() {
			for c := range next {
				var g []float64
				if grads != nil {
					g = grads[c]
				}
				losses[c] = o.chunk(idx[c*chunkSize:min((c+1)*chunkSize, len(idx))], w, g)
			}
		})
	}
	for c := range chunks {
		next <- c
	}
	close(next)
	wg.Wait()
	total := 0.0
	for c := range chunks {
		total += losses[c]
	}
	n := float64(len(idx))
	if grad != nil {
		clear(grad)
		for c := range chunks {
			for j, g := range grads[c] {
				grad[j] += g
			}
		}
		for j := range grad {
			grad[j] /= n
		}
	}
	return total / n
}
