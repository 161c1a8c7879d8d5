// Pondering: after its move an engine searches the position after the
// reply it expects, on its opponent's time; the referee sends ponder-hit
// when the guess comes true (see think) and stop otherwise.

package match

import (
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/pdn"
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
	full := pos.FormatMove(m)
	c := r.clocks[r.colorOf(pl)]
	lines := []hub.Line{r.posLine(full), c.level(), hub.NewLine("go").Flag("ponder")}
	for _, l := range lines {
		if pl.proc.Send(l) != nil {
			return // the failure shows at its next move
		}
	}
	pl.ponderMove, pl.lastLines = full, lines
}

// stopPondering ends a ponder search; an engine that does not answer stop
// loses (when it is its move) and is restarted.
func (r *referee) stopPondering(pl *player) *failure {
	if pl.ponderMove == "" || pl.proc == nil {
		return nil
	}
	pl.ponderMove = ""
	if !pl.stopSearch(r.ctx, r.set.log) {
		return &failure{pdn.TerminationCrash, "no answer to stop after pondering", true}
	}
	return nil
}
