// The engineConn of a real engine: a hubclient.Engine (its own process
// group, ended whole) whose protocol lines a goroutine passes to a channel
// until the engine's output ends or Close.

package gui

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// quitGrace is how long Close lets an engine take to quit before killing it.
const quitGrace = 500 * time.Millisecond

// hubConn is a running engine program.
type hubConn struct {
	engine      *hubclient.Engine
	lines       chan hub.Line
	stopReading context.CancelFunc
	closeOnce   sync.Once
}

// startEngine starts spec's command. Its standard error is discarded, and
// output lines that are not Hub lines are skipped.
func startEngine(spec EngineSpec) (engineConn, error) {
	e, err := hubclient.Start(spec.Command, hubclient.Options{Dir: spec.Dir})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &hubConn{engine: e, lines: make(chan hub.Line, 256), stopReading: cancel}
	go c.read(ctx)
	return c, nil
}

// read delivers the engine's lines until its output ends (or cannot be
// read further) or ctx is done.
func (c *hubConn) read(ctx context.Context) {
	defer close(c.lines)
	for {
		l, err := c.engine.Receive(ctx, time.Time{})
		if errors.Is(err, hubclient.ErrGarbage) {
			continue
		}
		if err != nil {
			return
		}
		select {
		case c.lines <- l:
		case <-ctx.Done():
			return
		}
	}
}

func (c *hubConn) Lines() <-chan hub.Line { return c.lines }

// Send writes one line; a line hub refuses to format is not sent.
func (c *hubConn) Send(l hub.Line) error { return c.engine.Send(l) }

// Close stops the reading, asks the engine to quit, kills its process group
// if it has not exited within quitGrace, and waits until it has been reaped.
func (c *hubConn) Close() {
	c.closeOnce.Do(func() {
		c.stopReading()
		c.engine.Quit(quitGrace)
	})
}
