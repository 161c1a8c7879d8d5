// The engineConn of a real engine: hubclient's launch (its own process
// group, ended whole), readied within a time limit, ended by hubclient's
// Close.

package gui

import (
	"context"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// handshakeTimeout bounds an engine's start-up, from hub to ready.
const handshakeTimeout = 10 * time.Second

// hubConn is a running engine program.
type hubConn struct {
	*hubclient.Engine
}

// startEngine launches spec's engine (its standard error discarded) with
// params as its options.
func startEngine(ctx context.Context, spec hubclient.Spec, params []hubclient.Param) (engineConn, error) {
	spec.Options = params
	e, err := hubclient.Launch(ctx, spec, handshakeTimeout, nil)
	if err != nil {
		return nil, err
	}
	return &hubConn{Engine: e}, nil
}

// NewGame sends new-game.
func (c *hubConn) NewGame() error { return c.Engine.Send(hub.NewLine("new-game")) }
