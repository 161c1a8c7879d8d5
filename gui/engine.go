// The engines a session drives: how to start one (EngineSpec), the seam
// between a session and a running engine (engineConn), and the Hub start-up
// handshake over that seam.

package gui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dameo/dameo/hub"
)

// EngineSpec is an engine the page may start: a name shown to people, the
// command that runs it (program and arguments) and its working directory
// ("" = the server's).
type EngineSpec struct {
	Name    string
	Command []string
	Dir     string
}

// engineConn is a running Hub engine. Lines is closed when the engine's
// output ends; Close ends the engine (and its children) and may be called
// more than once.
type engineConn interface {
	Send(l hub.Line) error
	Lines() <-chan hub.Line
	Close()
}

// startFunc starts the engine of spec, not yet through its handshake.
type startFunc func(spec EngineSpec) (engineConn, error)

// handshakeTimeout bounds an engine's start-up, from hub to ready.
const handshakeTimeout = 10 * time.Second

var errEngineExited = errors.New("the engine exited")

// handshake runs the Hub start-up: hub up to wait, the set-param lines, init
// up to ready. The engine's error lines on the way (a refused parameter, a
// book it could not load) are not fatal: their messages are returned.
func handshake(ctx context.Context, c engineConn, params []hub.Line) (warnings []string, err error) {
	ctx, cancel := context.WithTimeout(ctx, handshakeTimeout)
	defer cancel()
	await := func(command string) error {
		for {
			select {
			case l, ok := <-c.Lines():
				if !ok {
					return errEngineExited
				}
				if l.Command == command {
					return nil
				}
				if l.Command == "error" {
					msg, _ := l.Get("message")
					warnings = append(warnings, msg)
				}
			case <-ctx.Done():
				return fmt.Errorf("no %s from the engine in %v", command, handshakeTimeout)
			}
		}
	}
	if err := c.Send(hub.NewLine("hub")); err != nil {
		return nil, err
	}
	if err := await("wait"); err != nil {
		return warnings, err
	}
	for _, p := range params {
		if err := c.Send(p); err != nil {
			return warnings, err
		}
	}
	if err := c.Send(hub.NewLine("init")); err != nil {
		return warnings, err
	}
	return warnings, await("ready")
}
