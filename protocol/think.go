// `go think|ponder|analyze` and the search in progress: the search runs in
// its own goroutine while the session keeps reading; `ping`, `stop` and
// `ponder-hit` act at once, any other line ends the search first. Every
// `go` gets exactly one `done`.

package protocol

import (
	"context"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// goMode is the kind of search `go` asked for.
type goMode int

const (
	think goMode = iota
	ponder
	analyze
)

// running is a `go` not yet answered with `done`.
type running struct {
	pos    engine.Position      // the position searched
	done   <-chan search.Result // the search's result; nil when nothing is searched
	active bool                 // the search goroutine has not returned yet
	hold   bool                 // pondering before ponder-hit or stop: done waits
	held   *search.Result       // an outcome waiting for ponder-hit or stop
	stop   bool                 // stop was received: the done is owed, also if the input ends first
	cancel context.CancelFunc   // cancels the search's context
}

// goCmd starts the search asked for by `go`. A position without a legal
// move, or a book move in `go think` and `go ponder`, needs no search.
func (s *session) goCmd(l *hub.Line) {
	var mode goMode
	n := 0
	for i, name := range []string{"think", "ponder", "analyze"} {
		if l.Has(name) {
			mode = goMode(i)
			n++
		}
	}
	if n != 1 {
		s.fail("go needs exactly one of think, ponder and analyze")
		return
	}
	if !s.initted {
		s.initialise()
	}
	s.applyOptions()
	lv := s.lv
	s.lv = level{}
	r := &running{pos: s.game.Position(), hold: mode == ponder, cancel: func() {}}
	s.cur = r
	if r.pos.CountMoves() == 0 {
		s.searched(search.Result{})
		return
	}
	if mode != analyze && s.set.book && s.book != nil {
		if m, ok := s.book.Choose(&r.pos, s.rng); ok && r.pos.IsLegal(m) {
			s.searched(search.Result{Move: m, HasMove: true})
			return
		}
	}
	limits := s.limits(mode, lv)
	multiPV := mode == analyze && s.set.multiPV > 1
	pos := r.pos
	info := func(in search.Info) { s.send(infoLine(pos, in, multiPV)) }
	ctx, cancel := context.WithCancel(context.Background())
	r.active, r.cancel = true, cancel
	r.done = s.cfg.Searcher.Start(ctx, s.game, limits, info)
}

// limits turns the level and parameters into the search's limits. Without
// any limit the search runs until `stop`, unless a level line was refused:
// the front-end meant to bound the search, and it gets a depth-1 search
// rather than one that never ends.
func (s *session) limits(mode goMode, lv level) search.Limits {
	l := search.Limits{
		Depth:    lv.Depth,
		Nodes:    lv.Nodes,
		MoveTime: lv.MoveTime,
		Overhead: time.Duration(s.set.moveOverhead * float64(time.Second)),
		MultiPV:  1,
		Ponder:   mode == ponder,
	}
	if mode == analyze {
		l.Analysis, l.MultiPV = true, s.set.multiPV
	} else if lv.Clock {
		// A zero clock is still a clock: the smallest positive time keeps it
		// from reading as "no limit".
		l.Time, l.Inc, l.MovesToGo = max(lv.Time, time.Nanosecond), lv.Inc, lv.Moves
	}
	unbounded := l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 && l.Time == 0
	if unbounded && lv.refused && !lv.Infinite {
		l.Depth, unbounded = 1, false
	}
	l.Infinite = lv.Infinite || unbounded
	return l
}

// searched takes the outcome of the running search (or of a `go` that
// needed none): it is answered now, or held while pondering.
func (s *session) searched(r search.Result) {
	s.cur.active = false
	if s.cur.hold {
		s.cur.held = &r
		return
	}
	s.answer(r)
}

// answer writes the `done` line and ends the running `go`.
func (s *session) answer(r search.Result) {
	l, ok := doneLine(s.cur.pos, r)
	if !ok {
		s.diag("the search gave no legal move (result %+v); answered %v", r, l)
	}
	s.end()
	s.send(l)
}

// release ends the hold of a ponder search (ponder-hit or stop): a held
// outcome is answered now, else the search's result will be.
func (s *session) release() {
	s.cur.hold = false
	if s.cur.held != nil {
		s.answer(*s.cur.held)
	}
}

// busy handles a line that arrives while a `go` is unanswered; false means
// quit.
func (s *session) busy(in input) bool {
	if in.err == nil {
		if l, err := hub.Parse(in.text); err == nil {
			switch l.Command {
			case "":
				return true
			case "ping":
				s.send(hub.NewLine("pong"))
				return true
			case "stop":
				s.cur.stop = true
				s.stopSearch()
				s.release()
				return true
			case "ponder-hit":
				if s.cur.hold {
					if s.cur.active {
						s.cfg.Searcher.PonderHit()
					}
					s.release()
				}
				return true
			case "quit":
				return false
			}
		}
	}
	s.finish()
	return s.handle(in)
}

// finish ends the unanswered `go` now: stops the search, waits for its
// result and answers it.
func (s *session) finish() {
	s.cur.hold = false
	if s.cur.active {
		s.stopSearch()
		s.searched(<-s.cur.done)
		return
	}
	s.release()
}

// abort ends the session's search without answering it (quit, end of
// input): it stops the search and waits a little for it to return. A search
// already stopped by `stop` is answered, since that stop promised its done.
func (s *session) abort() {
	if s.cur == nil {
		return
	}
	if s.cur.active {
		s.stopSearch()
		select {
		case r := <-s.cur.done:
			if s.cur.stop {
				s.searched(r)
				return
			}
		case <-time.After(quitWait):
			s.diag("the search did not stop within %v", quitWait)
		}
	}
	s.end()
}

// stopSearch asks the running search to stop by cancelling its context.
func (s *session) stopSearch() {
	if s.cur.active {
		s.cur.cancel()
	}
}

// end forgets the running `go`.
func (s *session) end() {
	s.cur.cancel()
	s.cur = nil
}
