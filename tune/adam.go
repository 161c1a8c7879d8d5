// Adam, the gradient descent with per-parameter step sizes from running
// averages of the gradient and of its square (Kingma and Ba, 2015).

package tune

import "math"

const (
	adamBeta1   = 0.9
	adamBeta2   = 0.999
	adamEpsilon = 1e-8
)

// adam is the optimiser's state for a vector of parameters.
type adam struct {
	m, v   []float64 // running means of the gradient and of its square
	steps  int
	b1, b2 float64 // adamBeta1 and adamBeta2 to the power steps
}

func newAdam(n int) *adam {
	return &adam{m: make([]float64, n), v: make([]float64, n), b1: 1, b2: 1}
}

// step moves w against grad by about lr per parameter.
func (a *adam) step(w, grad []float64, lr float64) {
	a.steps++
	a.b1 *= adamBeta1
	a.b2 *= adamBeta2
	for j, g := range grad {
		a.m[j] = adamBeta1*a.m[j] + (1-adamBeta1)*g
		a.v[j] = adamBeta2*a.v[j] + (1-adamBeta2)*g*g
		mHat := a.m[j] / (1 - a.b1)
		vHat := a.v[j] / (1 - a.b2)
		w[j] -= lr * mHat / (math.Sqrt(vHat) + adamEpsilon)
	}
}
