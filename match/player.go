// Players: an engine in one of the runner's game slots, whose process lives
// across games; waiting for its answer to ping, and killing it so that it
// is started again before its next game.

package match

import (
	"context"
	"strings"
	"time"

	"github.com/dameo/dameo/hubclient"
)

// player is an engine in one of the runner's game slots; its process lives
// across games and is restarted after a failure.
type player struct {
	idx  int
	id   string
	spec EngineSpec
	proc *hubclient.Engine
}

// sync waits for the pong that answers a ping.
func (pl *player) sync(ctx context.Context, timeout time.Duration) error {
	_, err := pl.proc.Await(ctx, time.Now().Add(timeout), "pong")
	return err
}

// lastSent is the lines that started the player's last search, for the log.
func (pl *player) lastSent() string {
	if pl.proc == nil {
		return ""
	}
	lines := pl.proc.SearchLines()
	texts := make([]string, len(lines))
	for i, l := range lines {
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
}
