// Pondering: after its move an engine searches the position after the
// reply it expects, on its opponent's time; hubclient turns it into
// thinking when the guess comes true (see think) and stops it otherwise.

package match

import (
	"errors"

	"github.com/dameo/dameo/hubclient"
)

// startPondering lets pl search the position after the expected reply on
// its opponent's time. A ponder move that is not legal is ignored.
func (r *referee) startPondering(pl *player, ponder string) {
	pos := r.game.Position()
	m, err := pos.ParseMove(ponder)
	if err != nil {
		r.set.log.note("%s: ponder move %q is not legal (%v); not pondering", pl.id, ponder, err)
		return
	}
	pl.proc.Ponder(r.position(pos.FormatMove(m)), r.clocks[r.colorOf(pl)].limits()) // a failure shows at its next move
}

// stopPondering ends a ponder search at the end of a game; an engine that
// does not answer stop is restarted.
func (r *referee) stopPondering(pl *player) {
	if pl.proc == nil {
		return
	}
	if err := pl.proc.StopPondering(r.ctx); errors.Is(err, hubclient.ErrNoStop) {
		pl.restart(r.set.log)
	}
}
