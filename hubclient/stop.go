// Stopping an engine: quit with a grace period, or kill at once, the
// engine's whole process group with it.

package hubclient

import (
	"time"

	"github.com/dameo/dameo/hub"
)

// killWait bounds the wait for a killed engine to be reaped and its output
// closed: the output pipes are closed exitGrace after it exits.
const killWait = exitGrace + time.Second

// Kill kills the engine and its process group at once, stops passing on its
// output, and waits (a short while at most) until it is reaped.
func (e *Engine) Kill() {
	e.endGroup()
	e.giveUp()
	e.awaitReaped()
}

// awaitReaped waits until the engine is reaped and its output closed, a
// short while at most.
func (e *Engine) awaitReaped() {
	select {
	case <-e.waited:
	case <-time.After(killWait):
		e.logLine('!', "the engine did not exit after being killed")
	}
}

// Quit sends quit, closes the engine's input, and kills the engine (and
// its group) when it has not exited within grace. Its output is no longer
// passed on.
func (e *Engine) Quit(grace time.Duration) {
	e.Send(hub.NewLine("quit"))
	e.giveUp()
	select {
	case <-e.exited:
		e.awaitReaped()
	case <-time.After(grace):
		e.Kill()
	}
}
