// Asking an engine for a move and reading its reply through hubclient's
// search exchange, within the time the engine is allowed.

package match

import (
	"context"
	"math"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// searchInfo is what the last info line of a search said.
type searchInfo struct {
	score float64 // NaN when no info line had a score
	depth int
}

// think asks the player on move for a move and waits for it within its
// time (a right ponder guess is turned into thinking). It returns the
// move text as sent, the ponder move, the last info and the time used, or
// a failure.
func (r *referee) think(pl *player, side engine.Color) (string, string, searchInfo, time.Duration, *failure) {
	c := r.clocks[side]
	pos := r.position()
	if !pl.proc.PondersOn(pos) { // a wrong guess: stopped before the move's time runs
		if err := pl.proc.StopPondering(r.ctx); err != nil {
			return "", "", searchInfo{}, 0, &failure{pdn.TerminationCrash, "no answer to stop after pondering", true}
		}
	}
	limit := c.allowed()
	if limit > 0 {
		limit += pl.spec.margin()
	} else {
		limit = r.set.hangTimeout
	}
	ctx, cancel := context.WithTimeout(r.ctx, limit)
	defer cancel()
	info := searchInfo{score: math.NaN()}
	done, err := pl.proc.Think(ctx, pos, c.limits(), func(in hubclient.Info) {
		if !math.IsNaN(in.Score) {
			info.score = in.Score
		}
		if in.Depth > 0 {
			info.depth = in.Depth
		}
	})
	for _, msg := range done.Errors {
		r.set.log.note("%s: engine error during game %d: %s", pl.id, r.job.number, msg)
	}
	if err != nil {
		return "", "", info, 0, r.searchFailure(pl, err, limit)
	}
	if done.Move == "" {
		f := r.illegal(pl, "no move (bare done) although legal moves exist")
		return "", "", info, 0, &f
	}
	return done.Move, done.Ponder, info, done.Elapsed, nil
}
