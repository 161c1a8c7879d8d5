// The drop-out builder's evaluator backed by the engine's search.

package bookbuild

import (
	"context"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// SearchEvaluator scores positions with a fixed-depth, single-threaded
// search of its own (so evaluators run side by side on separate cores),
// its tables cleared before each search so that a score depends on the
// position, the depth and the table size alone.
type SearchEvaluator struct {
	searcher *search.Searcher
	depth    int
}

// NewSearchEvaluator makes an evaluator searching to depth plies with a
// transposition table of hashMiB MiB.
func NewSearchEvaluator(depth, hashMiB int) *SearchEvaluator {
	return &SearchEvaluator{searcher: search.New(search.Options{Threads: 1, HashMiB: hashMiB}), depth: depth}
}

// Evaluate is the search score of p for its side to move.
func (e *SearchEvaluator) Evaluate(ctx context.Context, p *engine.Position) (int, error) {
	e.searcher.NewGame()
	r := e.searcher.Search(ctx, engine.NewGame(*p), search.Limits{Depth: e.depth, Analysis: true}, nil)
	return int(r.Score), ctx.Err()
}
