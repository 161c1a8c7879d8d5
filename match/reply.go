// Asking an engine for a move and reading its reply: the lines that start a
// search (pos, level and `go think`, or `ponder-hit` after a right guess),
// then the engine's info and done lines within the time it is allowed.

package match

import (
	"errors"
	"math"
	"strconv"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/pdn"
)

// searchInfo is what the last info line of a search said.
type searchInfo struct {
	score float64 // NaN when no info line had a score
	depth int
}

// think asks the player on move for a move and waits for it within its
// time. It returns the move text as sent, the ponder move, the last info
// and the time used, or a failure.
func (r *referee) think(pl *player, side engine.Color) (string, string, searchInfo, time.Duration, *failure) {
	c := r.clocks[side]
	var sent []hub.Line
	if pl.ponderMove != "" {
		last := r.moves[len(r.moves)-1]
		if pl.ponderMove == last {
			ponderHit := hub.NewLine("ponder-hit")
			sent = append(pl.lastLines, ponderHit)
			pl.ponderMove, pl.lastLines = "", nil
			if err := pl.proc.Send(ponderHit); err != nil {
				return "", "", searchInfo{}, 0, &failure{pdn.TerminationCrash, "engine exited", true}
			}
		} else if f := r.stopPondering(pl); f != nil {
			return "", "", searchInfo{}, 0, f
		}
	}
	if sent == nil {
		sent = []hub.Line{r.posLine(), c.level(), hub.NewLine("go").Flag("think")}
		for _, l := range sent {
			if err := pl.proc.Send(l); err != nil {
				return "", "", searchInfo{}, 0, &failure{pdn.TerminationCrash, "engine exited: " + err.Error(), true}
			}
		}
	}
	pl.lastLines = sent // remembered for the log of a bad move
	start := time.Now()
	limit := c.allowed()
	if limit > 0 {
		limit += pl.spec.margin()
	} else {
		limit = r.set.hangTimeout
	}
	deadline := start.Add(limit)
	info := searchInfo{score: math.NaN()}
	for {
		line, err := pl.proc.ReadLine(r.ctx, deadline)
		if err != nil {
			return "", "", info, 0, r.readFailure(pl, err, limit)
		}
		hl, perr := parseReply(line)
		if perr != nil {
			return "", "", info, 0, r.garbage(pl, line, perr.Error())
		}
		switch hl.Command {
		case "info":
			if s, ok := hl.Get("score"); ok {
				if x, err := strconv.ParseFloat(s, 64); err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) {
					info.score = x
				}
			}
			if d, ok := hl.Get("depth"); ok {
				if x, err := strconv.Atoi(d); err == nil {
					info.depth = x
				}
			}
		case "done":
			elapsed := time.Since(start)
			move, ok := hl.Get("move")
			if !ok || move == "" {
				f := r.illegal(pl, "no move (bare done) although legal moves exist")
				return "", "", info, 0, &f
			}
			ponder, _ := hl.Get("ponder")
			return move, ponder, info, elapsed, nil
		case "pong":
		case "error":
			msg, _ := hl.Get("message")
			r.set.log.note("%s: engine error during game %d: %s", pl.id, r.job.number, msg)
		default:
			return "", "", info, 0, r.garbage(pl, line, "unexpected command")
		}
	}
}

// parseReply reads a line the engine wrote. Unlike hub.Parse it refuses an
// empty line: no answer the runner waits for is empty.
func parseReply(text string) (hub.Line, error) {
	l, err := hub.Parse(text)
	if err == nil && l.Command == "" {
		err = errors.New("empty line")
	}
	return l, err
}
