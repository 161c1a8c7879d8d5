// Sparse Adam (Kingma and Ba, 2015, updating only what a batch touched, as
// PyTorch's SparseAdam): the parameters with a gradient in the batch take
// a step of about the learning rate, from running means of their gradient
// and of its square; the others, and their moments, stay as they are. L2
// regularisation adds l2·w to the gradient of the parameters touched.

package tune

import (
	"math"
	"math/bits"
)

const (
	adamBeta1   = 0.9
	adamBeta2   = 0.999
	adamEpsilon = 1e-8
)

// adamStep updates the touched parameters of ps with their gradient over
// n positions (the mean is taken here), clearing the gradients and the
// touched set. step is the number of this step, from 1.
func (w *worker) adamStep(ps []param, n int, step int64, lr, l2 float64) {
	scale := float32(1 / float64(n))
	c1 := float32(1 - math.Pow(adamBeta1, float64(step)))
	c2 := float32(1 - math.Pow(adamBeta2, float64(step)))
	rate := float32(lr)
	decay := float32(l2)
	words := len(w.touched)
	per := (words + w.threads - 1) / w.threads
	w.parallel(w.threads, func(s int) {
		for i := s * per; i < min((s+1)*per, words); i++ {
			for word := w.touched[i]; word != 0; word &= word - 1 {
				p := &ps[i*64+bits.TrailingZeros64(word)]
				for k := range 2 {
					g := p.g[k]*scale + decay*p.w[k]
					p.m[k] = adamBeta1*p.m[k] + (1-adamBeta1)*g
					p.v[k] = adamBeta2*p.v[k] + (1-adamBeta2)*g*g
					mHat, vHat := p.m[k]/c1, p.v[k]/c2
					p.w[k] -= rate * mHat / (float32(math.Sqrt(float64(vHat))) + adamEpsilon)
					p.g[k] = 0
				}
			}
			w.touched[i] = 0
		}
	})
}
