// A fake searcher and book for in-process session tests: the searcher
// records its calls and limits, reports one info line, and returns the
// first legal move at once or, for infinite and ponder searches, when its
// context is cancelled (or after ponder-hit when it has a limit), after
// its lag.

package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/search"
)

type fakeSearcher struct {
	mu     sync.Mutex
	calls  []string
	limits []search.Limits
	hit    chan struct{} // closed by PonderHit; nil when idle
	// move, when not NoMove, is returned instead of the first legal move.
	move engine.Move
	// lag is how long a search takes to return once stopped (a real one
	// takes milliseconds, more on a loaded machine).
	lag  time.Duration
	tb   search.Tablebase // the tables last given by SetOptions
	ev   *eval.Evaluator  // the evaluation last given by SetOptions
	opts search.Options   // the options SetOptions last gave
}

func (f *fakeSearcher) record(c string) {
	f.mu.Lock()
	f.calls = append(f.calls, c)
	f.mu.Unlock()
}

// Calls is a copy of the calls so far.
func (f *fakeSearcher) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

// Limits is a copy of the limits of the searches so far.
func (f *fakeSearcher) Limits() []search.Limits {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]search.Limits(nil), f.limits...)
}

func (f *fakeSearcher) SetOptions(o search.Options) {
	f.record(fmt.Sprintf("SetOptions %d %d", o.Threads, o.HashMiB))
	f.mu.Lock()
	f.tb, f.ev, f.opts = o.Tablebase, o.Eval, o
	f.mu.Unlock()
}

// Options are the options SetOptions last gave.
func (f *fakeSearcher) Options() search.Options {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.opts
}

// Eval is the evaluation last given by SetOptions.
func (f *fakeSearcher) Eval() *eval.Evaluator {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ev
}

// Tablebase is the tables last given by SetOptions.
func (f *fakeSearcher) Tablebase() search.Tablebase {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.tb
}

func (f *fakeSearcher) NewGame() { f.record("NewGame") }

func (f *fakeSearcher) PonderHit() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.hit != nil {
		close(f.hit)
		f.hit = nil
	}
}

// Start registers the search at once, as search.Searcher does, and runs it
// in a goroutine.
func (f *fakeSearcher) Start(ctx context.Context, g *engine.Game, l search.Limits, info func(search.Info)) <-chan search.Result {
	hit := make(chan struct{})
	f.mu.Lock()
	f.calls = append(f.calls, "Search")
	f.limits = append(f.limits, l)
	f.hit = hit
	want, lag := f.move, f.lag
	f.mu.Unlock()
	done := make(chan search.Result, 1)
	p := g.Position()
	go func() {
		r := f.search(ctx, p, l, info, want, hit)
		if ctx.Err() != nil {
			time.Sleep(lag)
		}
		done <- r
	}()
	return done
}

func (f *fakeSearcher) search(ctx context.Context, p engine.Position, l search.Limits, info func(search.Info), want engine.Move, hit chan struct{}) search.Result {
	defer func() {
		f.mu.Lock()
		f.hit = nil
		f.mu.Unlock()
	}()
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return search.Result{}
	}
	m := moves[0]
	if want != engine.NoMove {
		m = want
	}
	r := search.Result{Move: m, HasMove: true, Score: 12, Depth: 1, Nodes: 1000}
	next := p.Play(m)
	pv := []engine.Move{m}
	if replies := next.LegalMoves(); len(replies) > 0 {
		r.Ponder = replies[0]
		pv = append(pv, replies[0])
	}
	for k := 1; k <= max(l.MultiPV, 1); k++ {
		info(search.Info{Depth: 1, SelDepth: 3, Score: 12, Nodes: 1000, Time: 1500e6, NPS: 2500000, Hashfull: 7, MultiPV: k, PV: pv})
	}
	switch {
	case l.Ponder:
		select {
		case <-hit:
			if l.Infinite {
				<-ctx.Done()
			}
		case <-ctx.Done():
		}
	case l.Infinite:
		<-ctx.Done()
	}
	return r
}

// fakeBook plays its move in the positions it knows.
type fakeBook struct {
	pos  engine.Position
	move engine.Move
}

func (b *fakeBook) Choose(p *engine.Position, _ *rand.Rand) (engine.Move, bool) {
	if *p == b.pos {
		return b.move, true
	}
	return engine.NoMove, false
}

// fakeTables is a set of endgame tables known by its directory; it covers
// no position.
type fakeTables struct{ dir string }

func (fakeTables) ProbeAny(*engine.Position) (wdl, dtw int, ok bool) { return 0, 0, false }
func (fakeTables) MostPieces() int                                   { return 1 }
