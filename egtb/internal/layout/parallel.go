// Splitting a range of slots among goroutines.

package layout

import (
	"context"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// ChunkSize is the number of slots a goroutine takes at a time, a
// multiple of 64 (whole bytes of table codes, whole words of bit sets).
const ChunkSize = 1 << 14

// ForChunks calls work(worker, lo, hi) for consecutive chunks [lo, hi) of
// [0, n) on the given number of goroutines, numbered 0..threads-1; a
// goroutine's calls never overlap. It stops at the first error or when ctx
// is cancelled.
func ForChunks(ctx context.Context, threads int, n uint64, work func(worker int, lo, hi uint64) error) error {
	return ForChunksOf(ctx, threads, n, ChunkSize, work)
}

// ForChunksOf is forChunks with chunks of size items (at least 1).
func ForChunksOf(ctx context.Context, threads int, n, size uint64, work func(worker int, lo, hi uint64) error) error {
	var next atomic.Uint64
	g, ctx := errgroup.WithContext(ctx)
	for w := range max(threads, 1) {
		g.Go(func() error {
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				lo := next.Add(size) - size
				if lo >= n {
					return nil
				}
				if err := work(w, lo, min(lo+size, n)); err != nil {
					return err
				}
			}
		})
	}
	return g.Wait()
}
