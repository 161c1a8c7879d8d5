// A session: what it is given (Config: the searcher, the book, the
// identity and logs), its state, and Run, the loop that hands each line to
// the idle or the busy handler and the search's result to the search code,
// until quit, the end of the input or cancellation.

package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// Searcher is what a session needs of a search (search.Searcher has it).
type Searcher interface {
	SetOptions(opts search.Options)
	// Start begins a search and returns at once; cancelling ctx stops it
	// and PonderHit applies to it from then on. The channel receives its
	// one result.
	Start(ctx context.Context, game *engine.Game, limits search.Limits, info func(search.Info)) <-chan search.Result
	PonderHit()
	NewGame()
}

// Book is what a session needs of an opening book (*book.Book has it).
type Book interface {
	Choose(p *engine.Position, rng *rand.Rand) (engine.Move, bool)
}

// Config sets up a session.
type Config struct {
	Searcher Searcher
	// Options are the searcher's options: the initial threads and hash
	// parameters (they must pass Options.Validate), its tables and its
	// evaluation. The session gives them to Searcher at init, with the
	// parameters' changes, so Searcher may be made with a smaller table
	// until then: an engine whose front-end sets hash before init makes
	// one table, not two.
	Options search.Options
	// LoadBook loads the book file at path, or the built-in book when path
	// is empty. Nil means the engine has no book.
	LoadBook func(path string) (Book, error)
	// LoadTablebase loads the endgame tables in dir, or the built-in ones
	// when dir is empty, for the egtb-dir parameter. Nil means the engine
	// has no tables other than Options.Tablebase.
	LoadTablebase func(dir string) (search.Tablebase, error)
	// Identity sent in the `id` line.
	Name, Version, Author, Country string
	// Log, when not nil, receives the whole exchange with timestamps.
	Log io.Writer
	// Diag, when not nil, receives diagnostics (never protocol lines).
	Diag io.Writer
	// Rand chooses among book moves; nil means seeded from the clock.
	Rand *rand.Rand
	// Params are parameters added to the session's own, declared after
	// them; their names must differ from the session's and each other's.
	Params []IntParam
}

// quitWait bounds how long quitting waits for a running search to return
// (a correct search returns within milliseconds of Stop).
const quitWait = 2 * time.Second

// session is the state of one Hub session.
type session struct {
	cfg      Config
	out      *writer
	rng      *rand.Rand
	set      settings
	applied  search.Options // options last given to the searcher (before init: Config.Options, which it may not have yet)
	initted  bool           // init done (book loaded, options applied)
	book     Book           // loaded book, nil when none
	bookFile string         // the book-file value book was loaded for
	game     *engine.Game
	lv       level
	cur      *running // the search in progress, nil when idle
}

// Run runs a session reading commands from in and writing answers to out
// until `quit`, the end of in, a failed write to out (the front-end has
// gone), or ctx is cancelled. It returns nil then, or the error that made
// reading in fail.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	if cfg.Searcher == nil {
		return errors.New("protocol: Config.Searcher is nil")
	}
	if err := cfg.Options.Validate(); err != nil {
		return fmt.Errorf("protocol: Config.Options: %w", err)
	}
	if err := checkParams(cfg.Params); err != nil {
		return err
	}
	var log *exchangeLog
	if cfg.Log != nil {
		log = &exchangeLog{w: cfg.Log}
	}
	s := &session{
		cfg: cfg,
		out: newWriter(out, log),
		rng: cfg.Rand,
		set: settings{
			threads:      cfg.Options.Threads,
			hashMiB:      cfg.Options.HashMiB,
			book:         cfg.LoadBook != nil,
			multiPV:      1,
			moveOverhead: defaultMoveOverhead,
		},
		applied: cfg.Options,
		game:    engine.NewGame(engine.StartPosition()),
	}
	if s.rng == nil {
		s.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	defer s.out.close()
	lines := make(chan input)
	quit := make(chan struct{})
	defer close(quit)
	var readErr error // set by the reader before it closes lines
	go readLines(in, lines, &readErr, log, quit)
	for {
		var idleLine *input
		select {
		case <-ctx.Done():
			s.abort()
			return nil
		case <-s.out.broken:
			s.abort()
			return nil
		case in, ok := <-lines:
			if !ok {
				s.abort()
				return readErr
			}
			if s.cur != nil {
				if !s.busy(in) {
					s.abort()
					return nil
				}
				continue
			}
			idleLine = &in
		case r := <-s.searchDone():
			s.searched(r)
			continue
		}
		if !s.handle(*idleLine) {
			return nil
		}
	}
}

// searchDone is the channel of the running search's result, nil (never
// ready) when no search runs.
func (s *session) searchDone() <-chan search.Result {
	if s.cur == nil {
		return nil
	}
	return s.cur.done
}

// send writes one line.
func (s *session) send(l hub.Line) { s.out.send(l) }

// fail writes an `error` line.
func (s *session) fail(format string, args ...any) {
	s.send(hub.NewLine("error").Set("message", hub.SafeValue(fmt.Sprintf(format, args...))))
}

// diag writes a diagnostic line to Diag.
func (s *session) diag(format string, args ...any) {
	if s.cfg.Diag != nil {
		fmt.Fprintf(s.cfg.Diag, "dameo hub: "+format+"\n", args...)
	}
}
