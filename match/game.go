// The referee of one game: it sends each engine the position, its limits
// and `go think`, checks the answer against the legal moves, runs the
// clocks, handles pondering, detects the end of the game, adjudicates, and
// builds the game record. An engine that crashes, hangs, writes garbage or
// plays an illegal move loses the game and is marked for a restart.
package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/pdn"
)

// gameSettings are the match settings one game needs.
type gameSettings struct {
	tc          TimeControl
	margin      time.Duration // overstep of the clock tolerated
	hangTimeout time.Duration // answer time for depth and nodes limits
	syncTimeout time.Duration // answer time for ping after new-game
	drawPlies   int
	maxPlies    int
	resign      ResignRule
	draw        DrawRule
	event, site string
	log         *logger
	warn        func(string)
}

// stopGrace is how long an engine may take to answer `stop` with `done`
// before it is considered hung.
const stopGrace = 2 * time.Second

// player is an engine in one of the runner's game slots; its process lives
// across games and is restarted after a failure.
type player struct {
	idx  int
	id   string
	spec EngineSpec
	proc *process

	ponderMove string     // the expected reply while `go ponder` runs ("" if not pondering)
	lastLines  []hub.Line // the lines that started its last search (for the log of a failure)
}

// failure is how an engine lost a game by misbehaving.
type failure struct {
	termination string // pdn.Termination*
	reason      string
	restart     bool // the engine is in an unknown state: restart it
}

// gameJob is one game of the match schedule.
type gameJob struct {
	number       int // 1-based game number
	pairing      int // index in the schedule's pairings
	round        int // opening pair number, 0-based
	white, black int // engine indices
	opening      Opening
}

// gameResult is a finished (or aborted) game.
type gameResult struct {
	job         gameJob
	result      string // pdn.WhiteWins, BlackWins or Draw
	termination string
	reason      string
	record      *pdn.Game
	aborted     bool // interrupted by the end of the match: not counted
}

// referee plays one game.
type referee struct {
	ctx     context.Context
	set     *gameSettings
	job     gameJob
	players [2]*player // by colour
	game    *engine.Game
	moves   []string // full notation, opening moves included
	clocks  [2]*clock
	scores  [2][]float64 // each engine's score after each of its moves (NaN: none)
	record  *pdn.Game
}

// searchInfo is what the last info line of a search said.
type searchInfo struct {
	score float64 // NaN when no info line had a score
	depth int
}

// playGame plays job between the two players (white first).
func playGame(ctx context.Context, set *gameSettings, job gameJob, white, black *player) gameResult {
	r := &referee{ctx: ctx, set: set, job: job, players: [2]*player{white, black}}
	r.game = engine.NewGame(job.opening.Start)
	r.clocks = [2]*clock{newClock(set.tc), newClock(set.tc)}
	r.record = r.newRecord()
	for _, s := range job.opening.Moves {
		if _, err := r.game.PlayText(s); err != nil { // openings are checked when loaded
			panic("match: bad opening move " + s + ": " + err.Error())
		}
		r.moves = append(r.moves, s)
		r.record.AddMove(s, "book")
	}
	res := r.play()
	for _, pl := range r.players {
		r.stopPondering(pl)
	}
	res.job = job
	if !res.aborted {
		r.record.Result = res.result
		r.record.SetTag(pdn.TagResult, res.result)
		r.record.SetTag(pdn.TagTermination, res.termination)
		if n := len(r.record.Moves); n > 0 {
			c := &r.record.Moves[n-1].Comment
			if *c != "" {
				*c += ", "
			}
			*c += res.reason
		} else {
			r.record.Comment = res.reason
		}
		res.record = r.record
	}
	return res
}

func (r *referee) newRecord() *pdn.Game {
	g := &pdn.Game{Result: pdn.Unfinished}
	g.SetTag(pdn.TagEvent, r.set.event)
	g.SetTag(pdn.TagSite, r.set.site)
	g.SetTag(pdn.TagDate, time.Now().Format("2006.01.02"))
	g.SetTag(pdn.TagRound, strconv.Itoa(r.job.number))
	g.SetTag(pdn.TagWhite, r.players[engine.White].spec.Name)
	g.SetTag(pdn.TagBlack, r.players[engine.Black].spec.Name)
	g.SetTag(pdn.TagResult, pdn.Unfinished)
	g.SetTag(pdn.TagGameType, pdn.GameTypeDameo)
	if r.job.opening.Start != engine.StartPosition() {
		g.SetTag(pdn.TagFEN, r.job.opening.Start.String())
	}
	g.SetTag(pdn.TagTimeControl, r.set.tc.String())
	return g
}

// win is the result in which colour c wins.
func win(c engine.Color) string {
	if c == engine.White {
		return pdn.WhiteWins
	}
	return pdn.BlackWins
}

// play runs the game loop and returns the result (record not yet filled).
func (r *referee) play() gameResult {
	// new-game may take the engine a while (clearing its hash table): wait
	// for the answer to ping before any clock runs.
	for _, pl := range r.players {
		if pl.proc.send(hub.NewLine("new-game")) == nil {
			pl.proc.send(hub.NewLine("ping")) // a failure shows in sync
		}
	}
	for _, pl := range r.players {
		if err := pl.sync(r.ctx, r.set.syncTimeout); err != nil {
			if r.ctx.Err() != nil {
				return gameResult{aborted: true}
			}
			return r.lose(r.colorOf(pl), failure{pdn.TerminationCrash, "no answer to new-game and ping: " + err.Error(), true})
		}
	}
	var pondering *player
	var ponderMove string
	for {
		if r.ctx.Err() != nil {
			return gameResult{aborted: true}
		}
		pos := r.game.Position()
		side := pos.SideToMove()
		switch r.game.Result() {
		case engine.Loss:
			return gameResult{result: win(side.Other()), termination: pdn.TerminationNormal,
				reason: fmt.Sprintf("%s has no legal move", side)}
		case engine.Draw:
			return gameResult{result: pdn.Draw, termination: pdn.TerminationNormal, reason: "threefold repetition"}
		}
		if res, over := r.adjudicate(side); over {
			return res
		}
		if pondering != nil {
			r.startPondering(pondering, ponderMove)
			pondering = nil
		}
		pl := r.players[side]
		text, ponder, info, elapsed, f := r.think(pl, side)
		if f != nil {
			if r.ctx.Err() != nil {
				return gameResult{aborted: true}
			}
			return r.lose(side, *f)
		}
		m, err := pos.ParseMove(text)
		if err != nil {
			return r.lose(side, r.illegal(pl, err.Error())) // the error names the move
		}
		full := pos.FormatMove(m)
		if !r.clocks[side].spend(elapsed, r.set.margin) {
			return r.lose(side, failure{pdn.TerminationTimeForfeit,
				fmt.Sprintf("%s loses on time (%s s for %s)", side, seconds(elapsed), full), false})
		}
		r.game.Play(m)
		r.moves = append(r.moves, full)
		r.scores[side] = append(r.scores[side], info.score)
		r.record.AddMove(full, moveComment(info, elapsed))
		if pl.spec.Ponder && ponder != "" {
			pondering, ponderMove = pl, ponder
		}
	}
}

// colorOf is the colour a player has in this game.
func (r *referee) colorOf(pl *player) engine.Color {
	if r.players[engine.White] == pl {
		return engine.White
	}
	return engine.Black
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

// adjudicate applies the adjudication rules before side moves.
func (r *referee) adjudicate(side engine.Color) (gameResult, bool) {
	plies := len(r.game.Moves())
	if r.set.drawPlies > 0 && r.game.NoProgressPlies() >= r.set.drawPlies {
		return gameResult{result: pdn.Draw, termination: pdn.TerminationAdjudication,
			reason: fmt.Sprintf("draw: %d plies without capture or man move", r.game.NoProgressPlies())}, true
	}
	if r.set.maxPlies > 0 && plies >= r.set.maxPlies {
		return gameResult{result: pdn.Draw, termination: pdn.TerminationAdjudication,
			reason: fmt.Sprintf("draw: maximum game length of %d plies", r.set.maxPlies)}, true
	}
	w, b := r.scores[engine.White], r.scores[engine.Black]
	for _, c := range []engine.Color{engine.White, engine.Black} {
		mine, theirs := w, b
		if c == engine.Black {
			mine, theirs = b, w
		}
		if r.set.resign.resigns(mine, theirs) {
			return gameResult{result: win(c.Other()), termination: pdn.TerminationAdjudication,
				reason: fmt.Sprintf("%s resigns: both engines' scores agree", c)}, true
		}
	}
	moveNumber := plies/2 + 1
	if r.set.draw.draws(moveNumber, w, b) {
		return gameResult{result: pdn.Draw, termination: pdn.TerminationAdjudication,
			reason: "draw: both engines' scores are near zero"}, true
	}
	return gameResult{}, false
}

// posLine is the pos line of the current game, with the moves played and
// any extra moves.
func (r *referee) posLine(extra ...string) hub.Line {
	l := hub.NewLine("pos").Set("pos", r.job.opening.Start.Hub())
	moves := append(append([]string(nil), r.moves...), extra...)
	if len(moves) > 0 {
		l = l.Set("moves", strings.Join(moves, " "))
	}
	return l
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
			if err := pl.proc.send(ponderHit); err != nil {
				return "", "", searchInfo{}, 0, &failure{pdn.TerminationCrash, "engine exited", true}
			}
		} else if f := r.stopPondering(pl); f != nil {
			return "", "", searchInfo{}, 0, f
		}
	}
	if sent == nil {
		sent = []hub.Line{r.posLine(), c.level(), hub.NewLine("go").Flag("think")}
		for _, l := range sent {
			if err := pl.proc.send(l); err != nil {
				return "", "", searchInfo{}, 0, &failure{pdn.TerminationCrash, "engine exited: " + err.Error(), true}
			}
		}
	}
	pl.lastLines = sent // remembered for the log of a bad move
	start := time.Now()
	limit := c.allowed()
	if limit > 0 {
		limit += r.set.margin
	} else {
		limit = r.set.hangTimeout
	}
	deadline := start.Add(limit)
	info := searchInfo{score: math.NaN()}
	for {
		line, err := pl.proc.readLine(r.ctx, deadline)
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

// readFailure turns a read error while waiting for a move into a failure.
func (r *referee) readFailure(pl *player, err error, limit time.Duration) *failure {
	switch {
	case r.ctx.Err() != nil:
		pl.restart(r.set.log) // the search is abandoned with the game
		return &failure{pdn.TerminationCrash, "aborted", false}
	case errors.Is(err, errTimeout):
		f := failure{pdn.TerminationTimeForfeit, fmt.Sprintf("no move within %s s", seconds(limit)), false}
		if !r.set.tc.IsClock() && r.set.tc.MoveTime == 0 {
			f.reason = fmt.Sprintf("no move within the hang timeout of %s s", seconds(limit))
		}
		if !pl.stopSearch(r.ctx, r.set.log) {
			f.reason += " (and no answer to stop)"
			f.restart = true
		}
		r.set.log.note("%s: game %d: %s, after: %s", pl.id, r.job.number, f.reason, pl.lastSent())
		return &f
	case errors.Is(err, errExited):
		msg := fmt.Sprintf("game %d: %s crashed (%v), after: %s", r.job.number, pl.spec.Name, err, pl.lastSent())
		r.set.log.note("%s", msg)
		r.set.warn(msg)
		return &failure{pdn.TerminationCrash, "crashed: " + err.Error(), true}
	default:
		return r.garbage(pl, "", err.Error())
	}
}

// garbage is the failure of output that is not a protocol line.
func (r *referee) garbage(pl *player, line, why string) *failure {
	msg := fmt.Sprintf("game %d: %s wrote garbage %q (%s), after: %s", r.job.number, pl.spec.Name, truncate(line, 80), why, pl.lastSent())
	r.set.log.note("%s", msg)
	r.set.warn(msg)
	return &failure{pdn.TerminationCrash, fmt.Sprintf("protocol violation: %q", truncate(line, 40)), true}
}

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
		if pl.proc.send(l) != nil {
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

// stopSearch sends stop and waits briefly for done; it restarts the
// engine and reports false when none comes.
func (pl *player) stopSearch(ctx context.Context, log *logger) bool {
	if pl.proc.send(hub.NewLine("stop")) != nil {
		pl.restart(log)
		return false
	}
	deadline := time.Now().Add(stopGrace)
	for {
		line, err := pl.proc.readLine(ctx, deadline)
		if err != nil {
			pl.restart(log)
			return false
		}
		if hl, err := parseReply(line); err == nil && hl.Command == "done" {
			return true
		}
	}
}

// sync waits for the pong that answers a ping.
func (pl *player) sync(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		line, err := pl.proc.readLine(ctx, deadline)
		if err != nil {
			return err
		}
		if hl, err := parseReply(line); err == nil && hl.Command == "pong" {
			return nil
		}
	}
}

// lastSent is the lines that started the player's last search, for the log.
func (pl *player) lastSent() string {
	texts := make([]string, len(pl.lastLines))
	for i, l := range pl.lastLines {
		texts[i] = l.String()
	}
	return strings.Join(texts, " | ")
}

// restart kills the engine; it is started again before its next game.
func (pl *player) restart(log *logger) {
	if pl.proc != nil {
		log.note("%s: killing the engine; it will be restarted", pl.id)
		pl.proc.kill()
		pl.proc = nil
	}
	pl.ponderMove = ""
}

// moveComment is the PDN comment of an engine move: "score/depth time".
func moveComment(info searchInfo, elapsed time.Duration) string {
	t := fmt.Sprintf("%.3fs", elapsed.Seconds())
	if math.IsNaN(info.score) {
		return t
	}
	return fmt.Sprintf("%+.2f/%d %s", info.score, info.depth, t)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
