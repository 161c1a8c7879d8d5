// One game: its stream read by a goroutine, the engine asked for a move
// whenever a complete state leaves the bot to move, the move posted one
// jump at a time, states of a capture in progress passed over, draw offers
// answered, and the game resigned when the engine fails or the bot must
// leave.

package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// game is the bot's side of one game.
type game struct {
	b     *bot
	id    string
	eng   *hubclient.Engine
	known bool         // a gameFull has been read
	color engine.Color // the bot's side
	timed bool         // the game has a clock

	// The move being posted: its jumps, the complete turns before it, and
	// how many of its jumps the server took.
	plan       []string
	planTurns  int
	postedHops int

	lowMoves, drawMoves int     // consecutive own moves under the resign and draw thresholds
	score               float64 // the engine's last score
	scored              bool
	drawAnswered        int // the turn count of the last draw offer answered, -1 for none

	reconnect chan struct{} // asks the stream for its opening lines again
}

// errEnded is a game the server says is over.
var errEnded = errors.New("game over")

// play plays game id to its end. A failure of the engine, or the end of
// ctx, resigns the game.
func (b *bot) play(ctx context.Context, id string) (err error) {
	g := &game{b: b, id: id, planTurns: -1, drawAnswered: -1, reconnect: make(chan struct{}, 1)}
	defer func() {
		if err != nil && !errors.Is(err, errEnded) {
			g.resign(err)
		}
		if errors.Is(err, errEnded) {
			err = nil
		}
	}()
	e, err := startEngine(ctx, b.cfg.Engine, id, b.log)
	if err != nil {
		return err
	}
	defer e.Close()
	g.eng = e

	thinking, stopThinking := context.WithCancel(ctx)
	defer stopThinking()
	go func() {
		select {
		case <-b.resignAll:
			stopThinking()
		case <-thinking.Done():
		}
	}()
	// searching ends with the game, so that a search in progress stops
	// when the opponent resigns or a clock runs out.
	searching, gameOver := context.WithCancel(thinking)
	defer gameOver()
	events := make(chan GameEvent, 64)
	var streamErr error
	go func() {
		defer close(events)
		streamErr = b.client.follow(thinking, stream{
			path: "/api/bot/game/stream/" + id, backoff: b.cfg.Backoff, idle: b.cfg.IdleTimeout,
			reconnect: g.reconnect,
			handle: func(line []byte) error {
				ev, err := ParseGameEvent(line)
				if err != nil {
					b.log.printf("game %s: ignoring an event: %v", id, err)
					return nil
				}
				select {
				case events <- ev:
				case <-thinking.Done():
					return thinking.Err()
				}
				if (ev.Type == "gameFull" || ev.Type == "gameState") && ev.Over() {
					gameOver()
					return errStop
				}
				return nil
			},
		})
	}()
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				if streamErr != nil {
					return fmt.Errorf("game stream: %w", streamErr)
				}
				return errEnded
			}
			if err := g.handle(searching, ev); err != nil {
				return err
			}
		case <-b.resignAll:
			return errors.New("leaving on interrupt")
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// handle acts on one event of the game's stream.
func (g *game) handle(ctx context.Context, ev GameEvent) error {
	switch ev.Type {
	case "chatLine":
		g.b.log.printf("game %s: chat %s %s: %s", g.id, ev.Room, ev.Username, ev.Text)
		return nil
	case "gameFull":
		if err := g.begin(ctx, ev); err != nil {
			return err
		}
	case "gameState":
		if !g.known {
			return nil
		}
	default:
		return nil
	}
	return g.onState(ctx, &ev.GameState)
}

// begin reads the description of the game in a gameFull (every
// reconnection sends one).
func (g *game) begin(ctx context.Context, ev GameEvent) error {
	if ev.Variant != nil && ev.Variant.Key != dameoKey {
		return fmt.Errorf("not a Dameo game (variant %s)", ev.Variant.Key)
	}
	if ev.InitialFen != "" && ev.InitialFen != "startpos" {
		return fmt.Errorf("the game starts from a position the bot cannot read (initialFen %s)", ev.InitialFen)
	}
	switch me := g.b.me; {
	case ev.P1.ID != "" && strings.EqualFold(ev.P1.ID, me):
		g.color = engine.White
	case ev.P2.ID != "" && strings.EqualFold(ev.P2.ID, me):
		g.color = engine.Black
	default:
		return fmt.Errorf("the bot plays neither side")
	}
	g.timed = ev.Clock != nil
	if !g.known && g.b.cfg.Greeting != "" && !ev.Over() {
		if err := g.b.client.post(ctx, g.path("chat"), url.Values{"room": {"player"}, "text": {g.b.cfg.Greeting}}); err != nil {
			g.b.log.printf("game %s: greeting: %v", g.id, err)
		}
	}
	if !g.known {
		g.b.log.printf("game %s: playing %s", g.id, g.color)
	}
	g.known = true
	return nil
}

// onState acts on the state of the game.
func (g *game) onState(ctx context.Context, s *GameState) error {
	if s.Over() {
		g.b.log.printf("game %s: over: %s, winner %s", g.id, s.Status, s.Winner)
		return errEnded
	}
	r, err := replayMoves(engine.StartPosition(), s.Moves)
	if err != nil {
		g.b.log.printf("game %s: ignoring a state: %v", g.id, err)
		return nil
	}
	pos := r.game.Position()
	turns := len(r.game.Moves())
	if r.partial != nil {
		if pos.SideToMove() == g.color {
			return g.resume(ctx, r.partial, turns)
		}
		return nil // the opponent is in the middle of a capture
	}
	g.answerDraw(ctx, s, turns)
	if pos.SideToMove() != g.color || (turns == g.planTurns && g.postedHops == len(g.plan)) {
		return nil
	}
	if r.game.Result() != engine.Ongoing {
		return nil // lost or drawn: the server ends the game
	}
	t, err := think(ctx, g.eng, strings.Fields(engineMoves(r.game)), g.level(s))
	if err != nil {
		if ctx.Err() != nil {
			return nil // the game ended, or the bot is leaving
		}
		return fmt.Errorf("engine: %w", err)
	}
	m, err := pos.ParseMove(t.move)
	if err != nil {
		return fmt.Errorf("the engine played %s: %w", t.move, err)
	}
	if t.scored {
		g.score, g.scored = t.score, true
	}
	offerDraw := g.judge(t, turns)
	if g.lowMoves >= g.b.cfg.Resign.Moves && g.b.cfg.Resign.Moves > 0 {
		g.b.log.printf("game %s: resigning: score %.2f for %d moves", g.id, t.score, g.lowMoves)
		return g.postResign(ctx)
	}
	g.plan, g.planTurns, g.postedHops = serverJumps(&pos, m), turns, 0
	return g.post(ctx, offerDraw)
}

// judge counts the own moves under the resign and draw thresholds, and
// reports whether to offer a draw with this move, made after turns plies.
func (g *game) judge(t thought, turns int) (offerDraw bool) {
	resign, draw := g.b.cfg.Resign, g.b.cfg.Draw
	if t.scored && resign.Moves > 0 && t.score <= -resign.Score {
		g.lowMoves++
	} else {
		g.lowMoves = 0
	}
	if t.scored && draw.applies(turns) && math.Abs(t.score) <= draw.Score {
		g.drawMoves++
	} else {
		g.drawMoves = 0
	}
	return draw.applies(turns) && g.drawMoves >= draw.Moves
}

// level is the engine's limits for the next move: the bot's clock from
// the state, and Config.Limits.
func (g *game) level(s *GameState) hub.Level {
	l := g.b.limits
	if g.timed {
		left, inc := s.WTime, s.WInc
		if g.color == engine.Black {
			left, inc = s.BTime, s.BInc
		}
		l.Clock, l.Time, l.Inc = true, millis(left), millis(inc)
	} else if l == (hub.Level{}) {
		l.MoveTime = noClockMoveTime
	}
	return l
}

// millis is a number of milliseconds from the server as a duration, in
// 0 to maxSeconds whatever the number.
func millis(ms int64) time.Duration {
	return time.Duration(min(max(ms, 0), maxSeconds*1000)) * time.Millisecond
}

// resume goes on with the bot's own capture after a state that shows it
// in progress: when the server has taken more of the planned jumps than
// the bot knows of (a POST whose answer was lost), the rest is posted.
// States from before the last jump posted are passed over.
func (g *game) resume(ctx context.Context, partial []engine.Square, turns int) error {
	taken := len(partial) - 1
	if turns != g.planTurns || taken < g.postedHops || taken >= len(g.plan) {
		return nil
	}
	for i := range taken {
		if pathText(partial[i:i+2]) != g.plan[i] {
			return nil // not the capture the bot began
		}
	}
	g.postedHops = taken
	return g.post(ctx, false)
}

// post sends the planned jumps not yet taken, one POST each; a draw offer
// goes with the first. A refused jump asks the stream for a fresh start.
func (g *game) post(ctx context.Context, offerDraw bool) error {
	for g.postedHops < len(g.plan) {
		path := g.path("move/" + g.plan[g.postedHops])
		if offerDraw {
			path += "?offeringDraw=true"
			offerDraw = false
		}
		if err := g.b.client.post(ctx, path, nil); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			g.b.log.printf("game %s: move %s: %v; reading the game again", g.id, g.plan[g.postedHops], err)
			select {
			case g.reconnect <- struct{}{}:
			default:
			}
			return nil
		}
		g.postedHops++
	}
	return nil
}

// answerDraw answers the opponent's draw offer, once per position: yes
// when the draw rule is on and the last score is within it, else no.
func (g *game) answerDraw(ctx context.Context, s *GameState, turns int) {
	offered := s.WDraw
	if g.color == engine.White {
		offered = s.BDraw
	}
	if !offered || g.drawAnswered == turns {
		return
	}
	g.drawAnswered = turns
	answer := "no"
	if d := g.b.cfg.Draw; d.applies(turns) && g.scored && math.Abs(g.score) <= d.Score {
		answer = "yes"
	}
	if err := g.b.client.post(ctx, g.path("draw/"+answer), nil); err != nil {
		g.b.log.printf("game %s: answering a draw offer: %v", g.id, err)
		return
	}
	g.b.log.printf("game %s: draw offer answered %s", g.id, answer)
}

// postResign resigns the game.
func (g *game) postResign(ctx context.Context) error {
	if err := g.b.client.post(ctx, g.path("resign"), nil); err != nil {
		return fmt.Errorf("resigning: %w", err)
	}
	return nil
}

// resign leaves the game because of why: resigned, with a request of its
// own that outlives the bot's context.
func (g *game) resign(why error) {
	ctx, cancel := context.WithTimeout(context.Background(), resignTimeout)
	defer cancel()
	g.b.log.printf("game %s: resigning: %v", g.id, why)
	if err := g.postResign(ctx); err != nil {
		g.b.log.printf("game %s: %v", g.id, err)
	}
}

// path is the URL path of the game's action.
func (g *game) path(action string) string {
	return "/api/bot/game/" + g.id + "/" + action
}
