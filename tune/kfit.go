// The logistic scale K: the one by which the search scores of the training
// positions predict their games' results best, so that the evaluation
// learns the search's scale.

package tune

import "math"

// fitK is the K (per hundredth of a man) that minimises the mean of
// (σ(K·score) − result)² over the sample: a golden-section search on
// log K over [1e-4, 1].
func fitK(sample []scoreResult) float64 {
	f := func(logK float64) float64 {
		k, sum := math.Exp(logK), 0.0
		for _, s := range sample {
			d := sigmoid(k*float64(s.score)) - float64(s.result)
			sum += d * d
		}
		return sum
	}
	lo, hi := math.Log(1e-4), math.Log(1.0)
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := f(a), f(b)
	for hi-lo > 1e-6 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = f(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}
