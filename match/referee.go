// The referee of one game: it readies both engines for a new game, asks the
// side to move for its move, checks the move against the legal moves, runs
// the clocks, lets the engines ponder, and ends the game by the rules of
// Dameo, by adjudication or by an engine's failure.

package match

import (
	"context"
	"fmt"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// gameSettings are the match settings one game needs.
type gameSettings struct {
	hangTimeout time.Duration // answer time for depth and nodes limits
	syncTimeout time.Duration // answer time for ping after new-game
	drawPlies   int
	maxPlies    int
	resign      ResignRule
	draw        DrawRule
	tablebase   Tablebase // nil: no tablebase adjudication
	tbPieces    int
	event, site string
	matchTag    string // the value of the DameoMatch tag
	log         *logger
	warn        func(string)
}

// gameResult is a finished (or aborted) game.
type gameResult struct {
	job         gameJob
	result      string // pdn.WhiteWins, BlackWins or Draw
	termination string
	reason      string
	record      *pdn.Game
	aborted     bool // interrupted by the end of the match: not counted
	unplayed    bool // not played: engine failed could not be started (reason says why)
	failed      int
	recorded    chan struct{} // closed by the runner once it has counted the game
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

// playGame plays job between the two players (white first).
func playGame(ctx context.Context, set *gameSettings, job gameJob, white, black *player) gameResult {
	r := &referee{ctx: ctx, set: set, job: job, players: [2]*player{white, black}}
	r.game = engine.NewGame(job.opening.Start)
	r.clocks = [2]*clock{newClock(white.spec.TC), newClock(black.spec.TC)}
	r.record = newRecord(set, job, white.spec, black.spec)
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
		res.record = r.finishRecord(res)
	}
	return res
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
		if pl.proc.Send(hub.NewLine("new-game")) == nil {
			pl.proc.Send(hub.NewLine("ping")) // a failure shows in sync
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
		if !r.clocks[side].spend(elapsed, pl.spec.margin()) {
			return r.lose(side, failure{pdn.TerminationTimeForfeit,
				fmt.Sprintf("%s loses on time (%s s for %s)", side, hub.FormatSeconds(elapsed), full), false})
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

// position is the position of the current game for the engines: the
// opening's start, the moves played and any extra moves.
func (r *referee) position(extra ...string) hubclient.Position {
	return hubclient.Position{Start: r.job.opening.Start.Hub(), Moves: append(append([]string(nil), r.moves...), extra...)}
}
