// The Searcher: the object callers create once and search with. It owns the
// transposition table and one worker per thread, runs a search on all of
// them (Lazy SMP under an errgroup), stops it when its context is cancelled
// and lets other goroutines turn a ponder search into a timed one.

package search

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
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

// searchState is what the threads of one search share with each other,
// with the search's context and with PonderHit.
type searchState struct {
	start     time.Time
	stop      atomic.Bool  // every thread ends its search at once
	hit       atomic.Int64 // time of the ponder hit after start, +1 (0: none yet)
	hitOnce   sync.Once
	ponderHit chan struct{} // closed by PonderHit
}

// New makes a Searcher. Options outside their bounds (Options.Validate)
// count as the nearest bound; HashMiB is also bounded by half the machine's
// physical memory where it is known.
func New(opts Options) *Searcher {
	s := &Searcher{}
	s.SetOptions(opts)
	return s
}

// SetOptions resizes the table and changes the number of threads (with the
// bounds of New). Called during a search, it waits for the search to end.
// Whatever a search needs is made here, not at its start: the evaluation
// (Options.Eval nil is eval.Default(), built now), the table with its
// memory in place, the threads' state.
func (s *Searcher) SetOptions(opts Options) {
	s.mu.Lock()
	defer s.mu.Unlock()
	opts = opts.inBounds()
	if opts.Eval == nil {
		// Built now, not at the first search, which would count the
		// decoding of its tables on the clock.
		opts.Eval = eval.Default()
	}
	if m := halfMemoryMiB(); m > 0 {
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
// that the next search does not depend on earlier ones. It returns as soon
// as no search runs: the clearing goes on in the background (a table of
// many GiB takes seconds), and the next search, SetOptions or NewGame waits
// for it.
func (s *Searcher) NewGame() {
	s.mu.Lock()
	go func() {
		defer s.mu.Unlock()
		s.tt.clear()
		for _, w := range s.workers {
			w.clearTables()
		}
	}()
}

// WaitIdle blocks until no search runs, no helper thread of an ended search
// is still finishing and no NewGame is still clearing the tables: for
// callers that time searches (the benchmark) and must not count that work.
func (s *Searcher) WaitIdle() {
	s.mu.Lock()
	//lint:ignore SA2001 an empty critical section is the point: it waits for the holder
	s.mu.Unlock()
}

// PonderHit turns the Ponder search started and not yet ended into a timed
// search on its Time, Inc and MovesToGo limits, counted from now, without
// restarting it. With no ponder search started it does nothing.
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

// Search searches the current position of game and returns the best move
// found: it is Start followed by receiving the result.
func (s *Searcher) Search(ctx context.Context, game *engine.Game, limits Limits, info func(Info)) Result {
	return <-s.Start(ctx, game, limits, info)
}

// Start starts a search of the current position of game, using the game's
// earlier positions to detect repetitions, and returns at once; game may be
// changed as soon as Start returns. The returned channel receives exactly
// one Result, the best move found, when the search ends: at a limit, or
// when ctx is cancelled, which is the only way to stop a search early.
// Infinite searches, searches without any limit, and Ponder searches before
// PonderHit do not end before ctx is cancelled, even when the search is
// complete. Searches run one at a time: a search started during another
// begins when the other ends. A cancellation or PonderHit that comes after
// Start returns applies to this search even if it has not begun yet. info,
// if not nil, is called from the search goroutine at the end of each
// iteration, once per principal variation.
func (s *Searcher) Start(ctx context.Context, game *engine.Game, limits Limits, info func(Info)) <-chan Result {
	st := &searchState{start: time.Now(), ponderHit: make(chan struct{})}
	stopOnCancel := context.AfterFunc(ctx, func() { st.stop.Store(true) })
	if ctx.Err() != nil {
		st.stop.Store(true) // at once, not when AfterFunc's goroutine runs
	}
	s.activeMu.Lock()
	s.active = append(s.active, st)
	s.activeMu.Unlock()
	root := game.Position()
	keys := gameKeys(game)
	noProgress := game.NoProgressPlies()
	limits = limits.inBounds()
	done := make(chan Result, 1)
	go func() {
		res := s.run(ctx, st, root, keys, noProgress, limits, info)
		stopOnCancel()
		s.activeMu.Lock()
		s.active = slices.DeleteFunc(s.active, func(x *searchState) bool { return x == st })
		s.activeMu.Unlock()
		done <- res
	}()
	return done
}

// run is one search, run by Start's goroutine.
//
// The result is returned as soon as the main thread has finished: the
// helper threads, told to stop, end in the background (on a loaded machine
// with many threads that can take a while), and the Searcher stays locked
// until they have.
func (s *Searcher) run(ctx context.Context, st *searchState, root engine.Position, keys []uint64, noProgress int, limits Limits, info func(Info)) Result {
	s.mu.Lock()
	helpersDone := func() {}
	defer func() {
		go func() {
			helpersDone()
			s.mu.Unlock()
		}()
	}()
	infinite := limits.Infinite || limits.Depth == 0 && limits.Nodes == 0 && limits.MoveTime == 0 &&
		limits.Time == 0 && limits.Inc == 0 && !limits.Ponder
	var l engine.MoveList
	root.GenerateMoves(&l)
	var res Result
	if l.Len == 0 {
		res = Result{Score: -Win}
	} else if r, ok := s.tableResult(st, root, &l, limits, info); ok {
		res = r
	} else {
		s.tt.gen = (s.tt.gen + 1) & 63
		var helpers errgroup.Group
		turns := helperTurns(len(s.workers) - 1)
		for _, w := range s.workers {
			w.prepare(s, st, root, keys, noProgress, &l, limits, infinite, info)
			w.turns = turns
		}
		for _, w := range s.workers[1:] {
			helpers.Go(func() error {
				w.run()
				return nil
			})
		}
		helpersDone = func() { _ = helpers.Wait() } // workers return no errors
		main := s.workers[0]
		main.run() // it sets st.stop when it ends, which stops the helpers
		res = main.result()
		for _, w := range s.workers {
			res.Nodes += w.published.Load()
		}
	}
	switch {
	case infinite:
		<-ctx.Done()
	case limits.Ponder && st.hit.Load() == 0:
		select {
		case <-ctx.Done():
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

// tableResult answers a root the tables cover, outside analysis, with the
// tables' best move and its exact score, reported in one info line; ok is
// false when the search must run.
func (s *Searcher) tableResult(st *searchState, root engine.Position, l *engine.MoveList, limits Limits, info func(Info)) (Result, bool) {
	if limits.Analysis {
		return Result{}, false
	}
	m, score, ok := tableMove(s.opts.Tablebase, &root, l)
	if !ok {
		return Result{}, false
	}
	res := Result{Move: m, HasMove: true, Score: score, Depth: 1}
	hits := int64(l.Len)
	pv := []engine.Move{m}
	child := root.Play(m)
	var replies engine.MoveList
	child.GenerateMoves(&replies)
	if reply, _, ok := tableMove(s.opts.Tablebase, &child, &replies); ok && replies.Len > 0 {
		res.Ponder = reply
		pv = append(pv, reply)
		hits += int64(replies.Len)
	}
	if info != nil {
		info(Info{Depth: 1, SelDepth: len(pv), Score: score, Time: time.Since(st.start), Hashfull: s.tt.hashfull(), MultiPV: 1, PV: pv, TBHits: hits})
	}
	return res, true
}
