// The commands handled while idle: start-up (`hub`, `set-param`, `init`),
// the position (`pos`, `new-game`), the `moves` extension, `level`, `ping`
// and `quit`. Each either succeeds or writes one `error` line and leaves the
// state as it was.

package protocol

import (
	"errors"
	"sort"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// handle carries out one line while no search runs; false means quit.
func (s *session) handle(in input) bool {
	if in.err != nil {
		s.fail("%v", in.err)
		return true
	}
	l, err := hub.Parse(in.text)
	if err != nil {
		s.fail("%v", err)
		return true
	}
	switch l.Command {
	case "": // empty line
	case "hub":
		s.hub()
	case "set-param":
		s.setParam(&l)
	case "init":
		s.initialise()
		s.send(hub.NewLine("ready"))
	case "pos":
		s.pos(&l)
	case "level":
		s.level(&l)
	case "go":
		s.goCmd(&l)
	case "ping":
		s.send(hub.NewLine("pong"))
	case "stop", "ponder-hit": // no search to act on
	case "new-game":
		s.cfg.Searcher.NewGame()
		s.game = engine.NewGame(s.game.Position())
	case "moves":
		s.moves()
	case "quit":
		return false
	default:
		s.fail("unknown command %s", l.Command)
	}
	return true
}

// hub answers `hub`: identity, parameters, then `wait`.
func (s *session) hub() {
	c := &s.cfg
	s.send(hub.NewLine("id").Set("name", c.Name).Set("version", c.Version).Set("author", c.Author).Set("country", c.Country))
	for _, l := range append(s.set.declare(), declareParams(c.Params)...) {
		s.send(l)
	}
	s.send(hub.NewLine("wait"))
}

// setParam carries out `set-param name=<n> value=<v>`. After `init`, setting
// book or book-file loads the book at once; if that fails the parameter keeps
// its old value. Setting egtb-dir loads the tables at once, and setting
// eval-file the weights file; if that fails the parameter and the tables or
// the weights stay as they were. The searcher gets them at once after init,
// and at init before it. Other parameters never touch the book,
// even when an earlier load failed. The parameters of Config.Params are set
// by their own Set.
func (s *session) setParam(l *hub.Line) {
	name, ok := l.Get("name")
	if !ok || name == "" {
		s.fail("set-param needs name=")
		return
	}
	value, ok := l.Get("value")
	if !ok {
		s.fail("set-param %s needs value=", name)
		return
	}
	if known, err := setParam(s.cfg.Params, name, value); known {
		if err != nil {
			s.fail("%v", err)
		}
		return
	}
	next, err := s.set.set(name, value)
	if err != nil {
		s.fail("%v", err)
		return
	}
	if name == "egtb-dir" {
		tb, err := s.loadTablebase(next.egtbDir)
		if err != nil {
			s.fail("%v", err)
			return
		}
		s.applied.Tablebase = tb
		s.giveLoaded()
	}
	if name == "eval-file" {
		e, err := eval.LoadEvaluator(next.evalFile)
		if err != nil {
			s.fail("%v", err)
			return
		}
		s.applied.Eval = e
		s.giveLoaded()
	}
	bookParam := name == "book" || name == "book-file"
	if s.initted && bookParam && next.book && (s.book == nil || next.bookFile != s.bookFile) {
		b, err := s.loadBook(next.bookFile)
		if err != nil {
			s.fail("%v", err)
			return
		}
		s.book, s.bookFile = b, next.bookFile
	}
	s.set = next
	if s.initted {
		// The table and the threads are made now, not at the next go,
		// whose clock is running.
		s.applyOptions()
	}
}

// giveLoaded gives the searcher the tables or the evaluation just loaded.
// Before init they wait in s.applied for init's applyOptions, so that no
// transposition table is made at a size the front-end has not set yet.
func (s *session) giveLoaded() {
	if s.initted {
		s.cfg.Searcher.SetOptions(s.applied)
	}
}

// initialise sizes the search (threads, hash) and loads the book if it is
// on; a book that fails to load is reported and the engine goes on without.
func (s *session) initialise() {
	s.applyOptions()
	s.initted = true
	if !s.set.book || (s.book != nil && s.bookFile == s.set.bookFile) {
		return
	}
	b, err := s.loadBook(s.set.bookFile)
	if err != nil {
		s.fail("%v; going on without a book", err)
	}
	s.book, s.bookFile = b, s.set.bookFile
}

// loadTablebase loads the endgame tables in dir ("" = built-in).
func (s *session) loadTablebase(dir string) (search.Tablebase, error) {
	if s.cfg.LoadTablebase == nil {
		return nil, errNoTablebase
	}
	tb, err := s.cfg.LoadTablebase(dir)
	if err != nil {
		return nil, err // a nil interface, whatever LoadTablebase returned
	}
	return tb, nil
}

// loadBook loads the book at path ("" = built-in).
func (s *session) loadBook(path string) (Book, error) {
	if s.cfg.LoadBook == nil {
		return nil, errNoBook
	}
	b, err := s.cfg.LoadBook(path)
	if err != nil {
		return nil, err // a nil interface, whatever LoadBook returned
	}
	return b, nil
}

// applyOptions gives the searcher the threads, hash, full-width and
// combinations parameters if they changed since it last got them, and
// always at init (before it, the searcher may not have them).
func (s *session) applyOptions() {
	a := &s.applied
	if s.initted && a.Threads == s.set.threads && a.HashMiB == s.set.hashMiB && a.FullWidth == s.set.fullWidth && a.Combinations == s.set.combinations {
		return
	}
	opts := s.applied // other options stay as the searcher was made
	opts.Threads, opts.HashMiB = s.set.threads, s.set.hashMiB
	opts.FullWidth, opts.Combinations = s.set.fullWidth, s.set.combinations
	if bound := search.MemoryBoundMiB(); bound > 0 && opts.HashMiB > bound && opts.HashMiB != s.applied.HashMiB {
		s.diag("warning: hash %d MiB does not fit the memory this process may use (RLIMIT_AS, its control group, the machine): the table has %d MiB", opts.HashMiB, bound)
	}
	s.cfg.Searcher.SetOptions(opts)
	s.applied = opts
}

// pos carries out `pos [start] [pos=] [fen=] [moves=]`: the new position and
// moves are built aside and replace the game only when all of it is good.
func (s *session) pos(l *hub.Line) {
	p, err := hub.ParsePos(*l)
	if err != nil {
		s.fail("bad position: %v", err)
		return
	}
	start := engine.StartPosition()
	switch p.From {
	case hub.FromHub:
		start, err = engine.ParseHub(p.Start)
	case hub.FromFEN:
		start, err = engine.ParsePosition(p.Start)
	}
	if err != nil {
		s.fail("bad position: %v", err)
		return
	}
	g := engine.NewGame(start)
	for _, m := range p.Moves {
		if _, err := g.PlayText(m); err != nil {
			s.fail("illegal move %s: %s", m, moveReason(err))
			return
		}
	}
	s.game = g
	s.lv = level{}
}

// moveReason is why a move of `pos moves=` was refused, without the
// engine's restatement of the move ("illegal move \"m\": why" becomes "why").
func moveReason(err error) string {
	var me *engine.MoveError
	if !errors.As(err, &me) {
		return err.Error()
	}
	switch {
	case me.Kind == engine.IllegalMove && me.Detail == "":
		return "not a legal move here"
	case me.Kind == engine.IllegalMove:
		return me.Detail
	case me.Detail == "":
		return me.Kind.String()
	}
	return me.Kind.String() + ": " + me.Detail
}

// moves answers the `moves` extension: the legal moves in full notation
// (sorted) and the game result for the side to move.
func (s *session) moves() {
	p := s.game.Position()
	legal := p.LegalMoves()
	names := make([]string, len(legal))
	for i, m := range legal {
		names[i] = p.FormatMove(m)
	}
	sort.Strings(names)
	s.send(hub.NewLine("moves").Set("list", strings.Join(names, " ")).Set("result", s.game.Result().String()))
}

// level adds a `level` line to the limits of the next search.
func (s *session) level(l *hub.Line) {
	lv, err := s.lv.add(l)
	if err != nil {
		s.lv.refused = true
		s.fail("%v", err)
		return
	}
	s.lv = lv
}
