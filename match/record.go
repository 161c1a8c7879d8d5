// The PDN record of a game: its tags when it starts, the comment of each
// engine move (score, depth and time), and at the end the result with how
// and why the game ended; text from users and engines is made safe for PDN.

package match

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// newRecord is the record of a game as it starts: its tags and no moves.
// Round is "pair.game" in the whole match's schedule and DameoMatch
// describes the match, so that a report can merge the records of shards.
func newRecord(set *gameSettings, job gameJob, white, black EngineSpec) *pdn.Game {
	g := &pdn.Game{Result: pdn.Unfinished}
	g.SetTag(pdn.TagEvent, pdn.SafeTagValue(set.event))
	g.SetTag(pdn.TagSite, pdn.SafeTagValue(set.site))
	g.SetTag(pdn.TagDate, time.Now().Format("2006.01.02"))
	g.SetTag(pdn.TagRound, job.round())
	g.SetTag(pdn.TagWhite, pdn.SafeTagValue(white.Name))
	g.SetTag(pdn.TagBlack, pdn.SafeTagValue(black.Name))
	g.SetTag(pdn.TagResult, pdn.Unfinished)
	g.SetTag(pdn.TagGameType, pdn.GameTypeDameo)
	if job.opening.Start != engine.StartPosition() {
		g.SetTag(pdn.TagFEN, job.opening.Start.FEN())
	}
	if white.TC == black.TC {
		g.SetTag(pdn.TagTimeControl, white.TC.String())
	} else {
		g.SetTag("White"+pdn.TagTimeControl, white.TC.String())
		g.SetTag("Black"+pdn.TagTimeControl, black.TC.String())
	}
	g.SetTag(tagMatch, set.matchTag)
	return g
}

// unplayedRecord is the record of a game that was not played because the
// engine failed could not be started: no moves, result "*", Termination
// "unplayed", and the reason as its comment.
func unplayedRecord(set *gameSettings, job gameJob, engines []EngineSpec, failed int, reason string) *pdn.Game {
	g := newRecord(set, job, engines[job.white], engines[job.black])
	g.SetTag(pdn.TagTermination, terminationUnplayed)
	g.SetTag(tagUnplayed, engines[failed].Name)
	g.Comment = commentText(reason)
	return g
}

// commentText is s as a PDN comment reads back: without '}' and with
// single spaces.
func commentText(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "}", ")")), " ")
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
