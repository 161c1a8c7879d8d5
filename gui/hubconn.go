// The engineConn of a real engine: a hubclient.Engine (its own process
// group, ended whole), readied within a time limit, quit on Close.

package gui

import (
	"context"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// handshakeTimeout bounds an engine's start-up, from hub to ready.
const handshakeTimeout = 10 * time.Second

// quitGrace is how long Close lets an engine take to quit before killing it.
const quitGrace = 500 * time.Millisecond

// hubConn is a running engine program.
type hubConn struct {
	*hubclient.Engine
	closeOnce sync.Once
}

// startEngine starts spec's command (its standard error discarded) and
// runs the start-up with params.
func startEngine(ctx context.Context, spec EngineSpec, params []hubclient.Param) (engineConn, error) {
	e, err := hubclient.Start(spec.Command, hubclient.Options{Dir: spec.Dir})
	if err != nil {
		return nil, err
	}
	if _, err := e.Open(ctx, time.Now().Add(handshakeTimeout), params); err != nil {
		e.Kill()
		return nil, err
	}
	return &hubConn{Engine: e}, nil
}

// NewGame sends new-game.
func (c *hubConn) NewGame() error { return c.Engine.Send(hub.NewLine("new-game")) }

// Close asks the engine to quit, kills its process group if it has not
// exited within quitGrace, and waits until it has been reaped.
func (c *hubConn) Close() {
	c.closeOnce.Do(func() { c.Engine.Quit(quitGrace) })
}
