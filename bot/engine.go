// The engine as the bot sees it: a Hub engine launched through package
// hubclient, one per game, readied with the bot's options, and asked for
// a move through hubclient's search exchange.

package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// startupTimeout bounds the handshake (hub ... wait, init ... ready).
const startupTimeout = 30 * time.Second

// startEngine launches the engine of game id and readies it with the
// spec's options; its standard error, and the remarks of hubclient, go to
// the log.
func startEngine(ctx context.Context, spec hubclient.Spec, id string, log *logger) (*hubclient.Engine, error) {
	e, err := hubclient.Launch(ctx, spec, startupTimeout, func(dir byte, text string) {
		switch dir {
		case '2':
			log.printf("game %s engine stderr: %s", id, text)
		case '!':
			log.printf("game %s engine: %s", id, text)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return e, nil
}

// errEngine is the engine answering with an error line.
var errEngine = errors.New("the engine answered with an error")

// thought is the engine's answer to go think.
type thought struct {
	move   string  // in the engine's notation
	score  float64 // in men, for the side to move, of the last info line with a score
	scored bool    // whether any info line gave a score (book moves give none)
}

// think asks the engine for a move in the game of moves (the engine's
// notation, from the start position) under lim. When ctx ends first the
// search is stopped and ctx's error returned. An error line of the engine
// fails it: the bot cannot tell which position was searched.
func think(ctx context.Context, e *hubclient.Engine, moves []string, lim hub.Level) (thought, error) {
	var t thought
	done, err := e.Think(ctx, hubclient.Position{Moves: moves}, lim, func(in hubclient.Info) {
		if !math.IsNaN(in.Score) {
			t.score, t.scored = in.Score, true
		}
	})
	if ctx.Err() != nil {
		return thought{}, ctx.Err()
	}
	if err != nil {
		return thought{}, err
	}
	if len(done.Errors) > 0 {
		return thought{}, fmt.Errorf("%w: %s", errEngine, done.Errors[0])
	}
	if done.Move == "" {
		return thought{}, errors.New("the engine finds no legal move")
	}
	t.move = done.Move
	return t, nil
}
