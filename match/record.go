// The PDN record of a game: its tags when it starts, the comment of each
// engine move (score, depth and time), and at the end the result with how
// and why the game ended; text from users and engines is made safe for PDN.

package match

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// newRecord is the record of the game as it starts: its tags and no moves.
func (r *referee) newRecord() *pdn.Game {
	g := &pdn.Game{Result: pdn.Unfinished}
	g.SetTag(pdn.TagEvent, pdn.SafeTagValue(r.set.event))
	g.SetTag(pdn.TagSite, pdn.SafeTagValue(r.set.site))
	g.SetTag(pdn.TagDate, time.Now().Format("2006.01.02"))
	g.SetTag(pdn.TagRound, strconv.Itoa(r.job.number))
	g.SetTag(pdn.TagWhite, pdn.SafeTagValue(r.players[engine.White].spec.Name))
	g.SetTag(pdn.TagBlack, pdn.SafeTagValue(r.players[engine.Black].spec.Name))
	g.SetTag(pdn.TagResult, pdn.Unfinished)
	g.SetTag(pdn.TagGameType, pdn.GameTypeDameo)
	if r.job.opening.Start != engine.StartPosition() {
		g.SetTag(pdn.TagFEN, r.job.opening.Start.String())
	}
	g.SetTag(pdn.TagTimeControl, r.set.tc.String())
	return g
}

// finishRecord writes the result of the game, how it ended and why into
// the record and returns it; the reason, which may repeat what an engine
// wrote, is made safe and goes to the comment of the last move (or of the
// game when no move was played).
func (r *referee) finishRecord(res gameResult) *pdn.Game {
	r.record.Result = res.result
	r.record.SetTag(pdn.TagResult, res.result)
	r.record.SetTag(pdn.TagTermination, res.termination)
	if n := len(r.record.Moves); n > 0 {
		c := &r.record.Moves[n-1].Comment
		if *c != "" {
			*c += ", "
		}
		*c += pdn.SafeComment(res.reason)
	} else {
		r.record.Comment = pdn.SafeComment(res.reason)
	}
	return r.record
}

// moveComment is the PDN comment of an engine move: "score/depth time".
func moveComment(info searchInfo, elapsed time.Duration) string {
	t := fmt.Sprintf("%.3fs", elapsed.Seconds())
	if math.IsNaN(info.score) {
		return t
	}
	return fmt.Sprintf("%+.2f/%d %s", info.score, info.depth, t)
}
