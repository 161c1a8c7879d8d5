// One mini-batch on all cores, deterministically: the positions are
// evaluated in fixed chunks (any goroutine may take any chunk; each
// chunk's results have their own place), then the gradient is summed per
// parameter in position order, the parameters dealt to the goroutines by
// index, so that every sum is made in the same order whatever the number
// of threads.

package tune

import (
	"math/bits"
	"sync"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/eval"
)

// chunkSize is the number of positions of one chunk.
const chunkSize = 256

// shardShift: parameters i and j are summed by the same goroutine when
// i>>shardShift == j>>shardShift (so that a goroutine keeps to its blocks
// of parameters).
const shardShift = 6

// chunk is the work of one chunk of a batch: its positions' features and
// derivatives, and its summed loss.
type chunk struct {
	features []eval.Feature // all the chunk's features
	ends     []int32        // positions' ends in features
	dMG, dEG []float32      // derivatives of the loss by each position's middlegame and endgame sums
	loss     float64
	err      error
}

// worker holds what the batches reuse: chunks and the touched set.
type worker struct {
	threads int
	chunks  []chunk
	touched []uint64 // bit i: parameter i has a gradient in this batch
}

func newWorker(threads, batchSize int) *worker {
	w := &worker{threads: threads, chunks: make([]chunk, (batchSize+chunkSize-1)/chunkSize),
		touched: make([]uint64, (eval.NumParams+63)/64)}
	for i := range w.chunks {
		c := &w.chunks[i]
		c.features = make([]eval.Feature, 0, chunkSize*eval.MaxFeatures/2) // grown by append if need be, once
		c.ends = make([]int32, 0, chunkSize)
		c.dMG, c.dEG = make([]float32, 0, chunkSize), make([]float32, 0, chunkSize)
	}
	return w
}

// parallel runs f(0), …, f(n−1) on the worker's threads.
func (w *worker) parallel(n int, f func(i int)) {
	if w.threads == 1 || n == 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range min(w.threads, n) {
		wg.Go(func() {
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= n {
					return
				}
				f(j)
			}
		})
	}
	wg.Wait()
}

// lossOf is the summed loss of recs with the weights of ps, and with grad
// true their gradient, summed into the parameters' g (the parameters with
// one marked in touched).
func (w *worker) lossOf(o *objective, ps []param, recs []datagen.Packed, grad bool) (float64, error) {
	chunks := w.chunks[:(len(recs)+chunkSize-1)/chunkSize]
	w.parallel(len(chunks), func(i int) {
		c := &chunks[i]
		c.features, c.ends, c.dMG, c.dEG, c.loss, c.err = c.features[:0], c.ends[:0], c.dMG[:0], c.dEG[:0], 0, nil
		var pos position
		for j := i * chunkSize; j < min((i+1)*chunkSize, len(recs)); j++ {
			var err error
			if c.features, err = decode(&recs[j], c.features, &pos); err != nil {
				c.err = err
				return
			}
			loss, d := o.loss(ps, &pos)
			c.loss += loss
			c.ends = append(c.ends, int32(len(c.features)))
			c.dMG = append(c.dMG, float32(d*pos.mgShare))
			c.dEG = append(c.dEG, float32(d*(1-pos.mgShare)))
		}
	})
	total := 0.0
	for i := range chunks {
		if chunks[i].err != nil {
			return 0, chunks[i].err
		}
		total += chunks[i].loss
	}
	if grad {
		shards := 1 << (bits.Len(uint(w.threads)) - 1) // a power of two: a mask, not a division, picks the shard
		w.parallel(shards, func(s int) { w.scatter(ps, chunks, s, shards) })
	}
	return total, nil
}

// scatter adds the gradient of the chunks' positions to the parameters of
// shard s of shards (a power of two), in position order, and marks them
// touched.
func (w *worker) scatter(ps []param, chunks []chunk, s, shards int) {
	mask := uint32(shards - 1)
	for i := range chunks {
		c := &chunks[i]
		start := int32(0)
		for j, end := range c.ends {
			dMG, dEG := c.dMG[j], c.dEG[j]
			for _, f := range c.features[start:end] {
				if f.Index>>shardShift&mask != uint32(s) {
					continue
				}
				p := &ps[f.Index]
				n := float32(f.Count)
				p.g[0] += dMG * n
				p.g[1] += dEG * n
				w.touched[f.Index/64] |= 1 << (f.Index % 64)
			}
			start = end
		}
	}
}
