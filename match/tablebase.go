// Tablebase adjudication (cutechess-cli's -tb and -tbpieces): a game that
// reaches a position the endgame tables decide ends with the tables'
// result, before the engines play it out.

package match

import (
	"fmt"
	"math/bits"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// Tablebase is what adjudication needs of endgame tables: the methods of
// search.Tablebase, so that one adapter of package egtb serves both.
type Tablebase interface {
	// ProbeAny is the value of p for its side to move from whichever table
	// holds it, full or WDL: wdl 1 (win), 0 (draw) or -1 (loss); ok is
	// false when no table holds p.
	ProbeAny(p *engine.Position) (wdl, dtw int, ok bool)
	// MostPieces is the largest piece count of a position some table
	// holds (not every position of that many pieces need be held).
	MostPieces() int
}

// adjudicateTablebase ends the game when the tables decide the current
// position and it has at most the configured number of pieces.
func (r *referee) adjudicateTablebase(side engine.Color) (gameResult, bool) {
	tb := r.set.tablebase
	if tb == nil {
		return gameResult{}, false
	}
	pos := r.game.Position()
	n := bits.OnesCount64(uint64(pos.Occupied()))
	if n > r.set.tbPieces {
		return gameResult{}, false
	}
	wdl, _, ok := tb.ProbeAny(&pos)
	if !ok {
		return gameResult{}, false
	}
	res := gameResult{termination: pdn.TerminationAdjudication}
	switch {
	case wdl > 0:
		res.result, res.reason = win(side), fmt.Sprintf("tablebase: %s wins (%d pieces)", side, n)
	case wdl < 0:
		res.result, res.reason = win(side.Other()), fmt.Sprintf("tablebase: %s wins (%d pieces)", side.Other(), n)
	default:
		res.result, res.reason = pdn.Draw, fmt.Sprintf("tablebase: draw (%d pieces)", n)
	}
	return res, true
}
