// The Searcher: the object callers create once and search with. It owns the
// transposition table and one worker per thread, runs a search on all of
// them (Lazy SMP under an errgroup) and lets other goroutines stop it or
// turn a ponder search into a timed one.

package search

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dameo/dameo/engine"
	"golang.org/x/sync/errgroup"
)

// Searcher searches positions. Its methods are safe for concurrent use;
// searches run one at a time (a second Search waits for the first).
type Searcher struct {
	mu      sync.Mutex // held by a running search, SetOptions and NewGame
	opts    Options
	tt      *table
	workers []*worker

	activeMu sync.Mutex
	active   []*searchState // searches started and not yet returned
}

// searchState is what the threads of one search share with each other and
// with Stop and PonderHit.
type searchState struct {
	start     time.Time
	stop      atomic.Bool  // every thread ends its search at once
	hit       atomic.Int64 // time of the ponder hit after start, +1 (0: none yet)
	stopOnce  sync.Once
	stopped   chan struct{} // closed by Stop (or the context)
	hitOnce   sync.Once
	ponderHit chan struct{} // closed by PonderHit
}

// New makes a Searcher. Threads and HashMiB below 1 count as 1; HashMiB
// is bounded by half the machine's physical memory where it is known.
func New(opts Options) *Searcher {
	s := &Searcher{}
	s.SetOptions(opts)
	return s
}

// SetOptions resizes the table and changes the number of threads (with the
// bounds of New). Called during a search, it waits for the search to end.
func (s *Searcher) SetOptions(opts Options) {
	s.mu.Lock()
	defer s.mu.Unlock()
	opts.Threads = max(opts.Threads, 1)
	opts.HashMiB = max(opts.HashMiB, 1)
	if m := maxHashMiB(); m > 0 {
		opts.HashMiB = min(opts.HashMiB, m)
	}
	if s.tt == nil || opts.HashMiB != s.opts.HashMiB {
		s.tt = nil // let the old table go before allocating the new one
		s.tt = newTable(opts.HashMiB)
	}
	for len(s.workers) < opts.Threads {
		s.workers = append(s.workers, newWorker(len(s.workers)))
	}
	s.workers = s.workers[:opts.Threads]
	s.opts = opts
}

// NewGame clears the transposition table and the move-ordering tables, so
// that the next search does not depend on earlier ones.
func (s *Searcher) NewGame() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tt.clear()
	for _, w := range s.workers {
		w.clearTables()
	}
}

// Stop ends the running search, which returns its best move so far (and
// any search started and not yet running). It may be called from any
// goroutine at any time; with no search started it does nothing.
func (s *Searcher) Stop() {
	s.activeMu.Lock()
	defer s.activeMu.Unlock()
	for _, st := range s.active {
		st.requestStop()
	}
}

// PonderHit turns the running Ponder search into a timed search on its
// Time, Inc and MovesToGo limits, counted from now, without restarting it.
// With no ponder search started it does nothing.
func (s *Searcher) PonderHit() {
	s.activeMu.Lock()
	defer s.activeMu.Unlock()
	for _, st := range s.active {
		st.hitOnce.Do(func() {
			st.hit.Store(int64(time.Since(st.start)) + 1)
			close(st.ponderHit)
		})
	}
}

func (st *searchState) requestStop() {
	st.stopOnce.Do(func() {
		st.stop.Store(true)
		close(st.stopped)
	})
}

// Search searches the current position of game, using the game's earlier
// positions to detect repetitions; it does not modify game. It blocks until
// a limit is reached, Stop is called or ctx is cancelled, and returns the
// best move found. Infinite searches, searches without any limit, and Ponder
// searches before PonderHit do not return before Stop even when the search
// is complete. info, if not nil, is called from the search goroutine at the
// end of each iteration, once per principal variation.
func (s *Searcher) Search(ctx context.Context, game *engine.Game, limits Limits, info func(Info)) Result {
	return s.Start(ctx, game, limits, info)()
}

// Start is Search in a new goroutine: it returns at once, and wait blocks
// until the search ends and returns its result. A Stop or PonderHit that
// comes after Start returns applies to this search, even if the search has
// not begun running yet. game may be changed as soon as Start returns.
func (s *Searcher) Start(ctx context.Context, game *engine.Game, limits Limits, info func(Info)) (wait func() Result) {
	st := &searchState{start: time.Now(), stopped: make(chan struct{}), ponderHit: make(chan struct{})}
	s.activeMu.Lock()
	s.active = append(s.active, st)
	s.activeMu.Unlock()
	root := game.Position()
	keys := gameKeys(game)
	noProgress := game.NoProgressPlies()
	done := make(chan Result, 1)
	go func() {
		defer func() {
			s.activeMu.Lock()
			s.active = slices.DeleteFunc(s.active, func(x *searchState) bool { return x == st })
			s.activeMu.Unlock()
		}()
		done <- s.run(ctx, st, root, keys, noProgress, limits, info)
	}()
	var once sync.Once
	var res Result
	return func() Result {
		once.Do(func() { res = <-done })
		return res
	}
}

// run is one search, run by Start's goroutine.
func (s *Searcher) run(ctx context.Context, st *searchState, root engine.Position, keys []uint64, noProgress int, limits Limits, info func(Info)) Result {
	defer context.AfterFunc(ctx, st.requestStop)()
	if ctx.Err() != nil {
		st.requestStop()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	infinite := limits.Infinite || limits.Depth == 0 && limits.Nodes == 0 && limits.MoveTime == 0 &&
		limits.Time == 0 && limits.Inc == 0 && !limits.Ponder
	var l engine.MoveList
	root.GenerateMoves(&l)
	var res Result
	if l.Len == 0 {
		res = Result{Score: -Win}
	} else {
		s.tt.gen = (s.tt.gen + 1) & 63
		var g errgroup.Group
		for _, w := range s.workers {
			w.prepare(s, st, root, keys, noProgress, &l, limits, infinite, info)
			g.Go(func() error {
				w.run()
				return nil
			})
		}
		_ = g.Wait() // workers return no errors
		res = s.workers[0].result()
		for _, w := range s.workers {
			res.Nodes += w.published.Load()
		}
	}
	switch {
	case infinite:
		<-st.stopped
	case limits.Ponder && st.hit.Load() == 0:
		select {
		case <-st.stopped:
		case <-st.ponderHit:
		}
	}
	return res
}

// gameKeys are the keys of the game's positions since its last capture or
// man move (earlier positions cannot come back), the current one last.
func gameKeys(game *engine.Game) []uint64 {
	ps := game.Positions()
	ps = ps[max(len(ps)-1-game.NoProgressPlies(), 0):]
	keys := make([]uint64, len(ps), len(ps)+maxPly+2)
	for i := range ps {
		keys[i] = ps[i].Key()
	}
	return keys
}
