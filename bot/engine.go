// The engine as the bot sees it: a Hub engine started through package
// hubclient, one per game; the start-up handshake with the bot's options,
// and the search for a move.

package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// EngineOption is a Hub parameter sent with set-param at start-up.
type EngineOption = hubclient.Option

// startupTimeout bounds the handshake (hub ... wait, init ... ready).
const startupTimeout = 30 * time.Second

// quitGrace is how long the engine of a game that ended may take to quit
// before it is killed, with its process group.
const quitGrace = time.Second

// startEngine starts the engine of game id; its standard error, and the
// remarks of hubclient, go to the log.
func startEngine(command []string, id string, log *logger) (*hubclient.Engine, error) {
	e, err := hubclient.Start(command, hubclient.Options{Log: func(dir byte, text string) {
		switch dir {
		case '2':
			log.printf("game %s engine stderr: %s", id, hub.SafeValue(text))
		case '!':
			log.printf("game %s engine: %s", id, hub.SafeValue(text))
		}
	}})
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return e, nil
}

// handshake introduces the bot to the engine: hub up to wait, the
// options, init up to ready.
func handshake(ctx context.Context, e *hubclient.Engine, options []EngineOption) error {
	deadline := time.Now().Add(startupTimeout)
	if _, err := e.Handshake(ctx, deadline); err != nil {
		return fmt.Errorf("engine %w", err)
	}
	for _, o := range options {
		if err := e.SetParam(o.Name, o.Value); err != nil {
			return fmt.Errorf("engine option %s: %w", o.Name, err)
		}
	}
	if err := e.Init(ctx, deadline); err != nil {
		return fmt.Errorf("engine %w", err)
	}
	return nil
}

// errEngine is the engine answering with an error line.
var errEngine = errors.New("the engine answered with an error")

// receiveUntil reads lines up to one with the command want, which it
// returns; an error line from the engine ends it with errEngine. Every
// info line read on the way is passed to info, when given.
func receiveUntil(ctx context.Context, e *hubclient.Engine, want string, info ...func(hub.Line)) (hub.Line, error) {
	for {
		l, err := e.Receive(ctx, time.Time{})
		if err != nil {
			return hub.Line{}, err
		}
		switch l.Command {
		case want:
			return l, nil
		case "error":
			msg, _ := l.Get("message")
			return hub.Line{}, fmt.Errorf("%w: %s", errEngine, hub.SafeValue(msg))
		case "info":
			for _, f := range info {
				f(l)
			}
		}
	}
}

// thought is the engine's answer to go think.
type thought struct {
	move   string  // in the engine's notation
	score  float64 // in men, for the side to move, of the last info line with a score
	scored bool    // whether any info line gave a score (book moves give none)
}

// stopTimeout bounds the wait for done after stop.
const stopTimeout = 5 * time.Second

// think asks the engine for a move in the game of moves (the engine's
// notation, from the start position) under level. When ctx ends first the
// search is stopped and ctx's error returned.
func think(ctx context.Context, e *hubclient.Engine, moves string, level hub.Line) (thought, error) {
	if err := e.Send(hub.NewLine("pos").Flag("start").Set("moves", moves)); err != nil {
		return thought{}, err
	}
	if err := e.Send(level); err != nil {
		return thought{}, err
	}
	if err := e.Send(hub.NewLine("go").Flag("think")); err != nil {
		return thought{}, err
	}
	var t thought
	scoreOf := func(l hub.Line) {
		if v, ok := l.Get("score"); ok {
			if s, err := strconv.ParseFloat(v, 64); err == nil {
				t.score, t.scored = s, true
			}
		}
	}
	done, err := receiveUntil(ctx, e, "done", scoreOf)
	if ctx.Err() != nil {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopTimeout)
		defer cancel()
		if e.Send(hub.NewLine("stop")) == nil {
			receiveUntil(stopCtx, e, "done")
		}
		return thought{}, ctx.Err()
	}
	if err != nil {
		return thought{}, err
	}
	move, ok := done.Get("move")
	if !ok {
		return thought{}, errors.New("the engine finds no legal move")
	}
	t.move = move
	return t, nil
}
