// Players: an engine in one of the runner's game slots, whose process lives
// across games; waiting for its answer to ping or stop, and killing it so
// that it is started again before its next game.

package match

import (
	"context"
	"strings"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// player is an engine in one of the runner's game slots; its process lives
// across games and is restarted after a failure.
type player struct {
	idx  int
	id   string
	spec EngineSpec
	proc *hubclient.Engine

	ponderMove string     // the expected reply while `go ponder` runs ("" if not pondering)
	lastLines  []hub.Line // the lines that started its last search (for the log of a failure)
}

// stopGrace is how long an engine may take to answer `stop` with `done`
// before it is considered hung.
const stopGrace = 2 * time.Second

// stopSearch sends stop and waits briefly for done; it restarts the
// engine and reports false when none comes.
func (pl *player) stopSearch(ctx context.Context, log *logger) bool {
	if pl.proc.Send(hub.NewLine("stop")) != nil {
		pl.restart(log)
		return false
	}
	if _, err := pl.proc.Await(ctx, time.Now().Add(stopGrace), "done"); err != nil {
		pl.restart(log)
		return false
	}
	return true
}

// sync waits for the pong that answers a ping.
func (pl *player) sync(ctx context.Context, timeout time.Duration) error {
	_, err := pl.proc.Await(ctx, time.Now().Add(timeout), "pong")
	return err
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
		pl.proc.Kill()
		pl.proc = nil
	}
	pl.ponderMove = ""
}
