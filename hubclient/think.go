// The search exchange: pos, level and go sent, the engine's info lines
// read until its done; a search stopped when the caller's context ends;
// pondering, turned into thinking by ponder-hit or ended by stop.

package hubclient

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dameo/dameo/hub"
)

// ErrNoStop marks a search that did not end in time after stop; errors.Is
// finds it in the errors of Think, Analyze and StopPondering.
var ErrNoStop = errors.New("no done after stop")

// stopGrace is how long an engine may take to answer stop with done.
const stopGrace = 2 * time.Second

// Info is what an info line says, as hub reads it: fields the line lacks,
// or gives in a form that is not the protocol's, are zero (Score NaN), and
// MultiPV is 1 when the line gives none.
type Info = hub.Info

// Done is the end of a search.
type Done struct {
	Move    string        // the move to play; "" for a bare done (no legal move)
	Ponder  string        // the reply the engine expects; "" when not given
	Elapsed time.Duration // from the go (or ponder-hit) sent to the done read
	// Errors are the messages of the engine's error lines during the
	// exchange (a position, a limit or a setting it refused), in order.
	Errors []string
}

// pondering is the search of a go ponder in progress.
type pondering struct {
	pos   Position
	lines []hub.Line
}

// Think asks the engine for its move in pos under lim: it sends pos, level
// (unless lim has no limit) and go think, passes every info line to onInfo
// (when not nil), and returns the done. When the engine ponders on pos
// (see Ponder), ponder-hit is sent instead, and the limits given to Ponder
// apply; when it ponders on another position, that search is stopped
// first. When ctx ends before the done, stop is sent and its done awaited
// (a short while at most): the error is then ctx's, wrapping ErrNoStop
// too when no done came. Other errors are those of Send and ReadLine, and
// *GarbageError; after them the engine's state is unknown. Error lines do
// not end the exchange: their messages come in Done.Errors. One goroutine
// searches at a time.
func (e *Engine) Think(ctx context.Context, pos Position, lim hub.Level, onInfo func(Info)) (Done, error) {
	if e.PondersOn(pos) {
		hit := hub.NewLine("ponder-hit")
		e.searchLines = append(e.pondering.lines, hit)
		e.pondering = nil
		if err := e.Send(hit); err != nil {
			return Done{}, err
		}
		return e.awaitDone(ctx, onInfo)
	}
	return e.search(ctx, pos, lim, "think", onInfo)
}

// Analyze runs go analyze on pos under lim (often none: until ctx ends),
// as Think does; the done after stop is returned with ctx's error.
func (e *Engine) Analyze(ctx context.Context, pos Position, lim hub.Level, onInfo func(Info)) (Done, error) {
	return e.search(ctx, pos, lim, "analyze", onInfo)
}

// Ponder starts go ponder on pos (the position after the reply the engine
// expects) under lim, the limits of its own next move, and returns at
// once. The next Think on pos sends ponder-hit; any other search, or
// StopPondering, stops it.
func (e *Engine) Ponder(pos Position, lim hub.Level) error {
	if err := e.StopPondering(context.Background()); err != nil {
		return err
	}
	lines := startLines(pos, lim, "ponder")
	if err := e.sendAll(lines); err != nil {
		return err
	}
	e.pondering = &pondering{pos: pos, lines: lines}
	return nil
}

// PondersOn reports whether a go ponder on pos is in progress (the next
// Think on pos sends ponder-hit).
func (e *Engine) PondersOn(pos Position) bool {
	return e.pondering != nil && e.pondering.pos.Equal(pos)
}

// StopPondering ends a go ponder in progress (nothing when none is): it
// sends stop and waits a short while at most for the done, which is
// discarded. An error wraps ErrNoStop, or ctx's error.
func (e *Engine) StopPondering(ctx context.Context) error {
	if e.pondering == nil {
		return nil
	}
	e.pondering = nil
	return e.stop(ctx)
}

// SearchLines are the lines that started the last search (for the log of
// a failure).
func (e *Engine) SearchLines() []hub.Line { return e.searchLines }

// search stops a ponder search, starts a search with go flag and reads it
// to its done.
func (e *Engine) search(ctx context.Context, pos Position, lim hub.Level, flag string, onInfo func(Info)) (Done, error) {
	if err := e.StopPondering(ctx); err != nil {
		return Done{}, fmt.Errorf("ending the ponder search: %w", err)
	}
	lines := startLines(pos, lim, flag)
	e.searchLines = lines
	if err := e.sendAll(lines); err != nil {
		return Done{}, err
	}
	return e.awaitDone(ctx, onInfo)
}

// startLines are the lines that start a search: pos, level (unless lim
// has no limit), go flag.
func startLines(pos Position, lim hub.Level, flag string) []hub.Line {
	lines := []hub.Line{pos.Line()}
	if level := lim.Line(); len(level.Args) > 0 {
		lines = append(lines, level)
	}
	return append(lines, hub.NewLine("go").Flag(flag))
}

func (e *Engine) sendAll(lines []hub.Line) error {
	for _, l := range lines {
		if err := e.Send(l); err != nil {
			return err
		}
	}
	return nil
}

// awaitDone reads a search's output up to its done; when ctx ends first,
// the search is stopped.
func (e *Engine) awaitDone(ctx context.Context, onInfo func(Info)) (Done, error) {
	start := time.Now()
	var errs []string
	for {
		l, err := e.Receive(ctx, time.Time{})
		if err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil && err == ctxErr {
				if err := e.stop(ctx); err != nil {
					return Done{Errors: errs}, fmt.Errorf("%w (%w)", ctxErr, err)
				}
			}
			return Done{Errors: errs}, err
		}
		switch l.Command {
		case "info":
			if onInfo != nil {
				in, _ := hub.ParseInfo(l) // the fields read well are worth showing
				if in.MultiPV == 0 {
					in.MultiPV = 1
				}
				onInfo(in)
			}
		case "done":
			d, err := hub.ParseDone(l)
			if err != nil {
				return Done{Errors: errs}, &GarbageError{Text: l.String(), Why: err.Error()}
			}
			return Done{Move: d.Move, Ponder: d.Ponder, Elapsed: time.Since(start), Errors: errs}, nil
		case "error":
			msg, _ := l.Get("message")
			errs = append(errs, msg)
		case "pong":
		default:
			return Done{Errors: errs}, &GarbageError{Text: l.String(), Why: "unexpected command"}
		}
	}
}

// stop sends stop and waits stopGrace at most for the done, skipping
// every other line; ctx only gives the values of the wait.
func (e *Engine) stop(ctx context.Context) error {
	if err := e.Send(hub.NewLine("stop")); err != nil {
		return fmt.Errorf("%w (%v)", ErrNoStop, err)
	}
	if _, err := e.Await(context.WithoutCancel(ctx), time.Now().Add(stopGrace), "done"); err != nil {
		return fmt.Errorf("%w (%v)", ErrNoStop, err)
	}
	return nil
}
