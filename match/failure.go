// How an engine loses by misbehaving: a crash, a hang, garbage, an illegal
// or missing move or running out of time each becomes a lost game with its
// PDN termination, is logged with the lines that led to it, and marks the
// engine for a restart when its state is unknown.

package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// failure is how an engine lost a game by misbehaving.
type failure struct {
	termination string // pdn.Termination*
	reason      string
	restart     bool // the engine is in an unknown state: restart it
}

// lose ends the game with a loss of side c by failure f.
func (r *referee) lose(c engine.Color, f failure) gameResult {
	pl := r.players[c]
	if f.restart {
		pl.restart(r.set.log)
	}
	return gameResult{result: win(c.Other()), termination: f.termination,
		reason: fmt.Sprintf("%s (%s): %s", pl.spec.Name, c, f.reason)}
}

// illegal is the failure of a bad move; the exact lines that produced it go
// to the log and the warnings.
func (r *referee) illegal(pl *player, reason string) failure {
	msg := fmt.Sprintf("game %d: %s: %s, in answer to: %s", r.job.number, pl.spec.Name, reason, pl.lastSent())
	r.set.log.note("%s", msg)
	r.set.warn(msg)
	return failure{pdn.TerminationIllegalMove, reason, true}
}

// searchFailure turns the error of a search for a move into a failure.
func (r *referee) searchFailure(pl *player, err error, limit time.Duration) *failure {
	var garbage *hubclient.GarbageError
	switch {
	case r.ctx.Err() != nil:
		pl.restart(r.set.log) // the search is abandoned with the game
		return &failure{pdn.TerminationCrash, "aborted", false}
	case errors.Is(err, context.DeadlineExceeded):
		f := failure{pdn.TerminationTimeForfeit, fmt.Sprintf("no move within %s s", hub.FormatSeconds(limit)), false}
		if tc := pl.spec.TC; !tc.IsClock() && tc.MoveTime == 0 {
			f.reason = fmt.Sprintf("no move within the hang timeout of %s s", hub.FormatSeconds(limit))
		}
		if errors.Is(err, hubclient.ErrNoStop) {
			f.reason += " (and no answer to stop)"
			f.restart = true
		}
		r.set.log.note("%s: game %d: %s, after: %s", pl.id, r.job.number, f.reason, pl.lastSent())
		return &f
	case errors.Is(err, hubclient.ErrExited):
		msg := fmt.Sprintf("game %d: %s crashed (%v), after: %s", r.job.number, pl.spec.Name, err, pl.lastSent())
		r.set.log.note("%s", msg)
		r.set.warn(msg)
		return &failure{pdn.TerminationCrash, "crashed: " + err.Error(), true}
	case errors.As(err, &garbage):
		return r.garbage(pl, garbage.Text, garbage.Why)
	default:
		return r.garbage(pl, "", err.Error())
	}
}

// garbage is the failure of output that is not a protocol line.
func (r *referee) garbage(pl *player, line, why string) *failure {
	msg := fmt.Sprintf("game %d: %s wrote garbage %q (%s), after: %s", r.job.number, pl.spec.Name, truncate(line, 80), why, pl.lastSent())
	r.set.log.note("%s", msg)
	r.set.warn(msg)
	return &failure{pdn.TerminationCrash, fmt.Sprintf("protocol violation: %q (%s)", truncate(line, 40), truncate(why, 80)), true}
}

// truncate cuts s to n bytes, marking the cut with "...".
func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
