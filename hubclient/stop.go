// Stopping an engine: Close (quit, with one grace time before the kill),
// or Kill at once, the engine's whole process group with it.

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

// closeGrace is how long Close lets an engine take to quit before killing
// it: the one grace time of every front-end.
const closeGrace = time.Second

// Close ends the engine: it sends quit, closes the engine's input, and
// kills the engine (and its group) when it has not exited within a second;
// then it waits (a short while at most) until the engine is reaped. Its
// output is no longer passed on. Close may be called more than once, from
// any goroutine: only the first call does anything.
func (e *Engine) Close() {
	e.closeOnce.Do(func() {
		e.Send(hub.NewLine("quit"))
		e.giveUp()
		select {
		case <-e.exited:
			e.awaitReaped()
		case <-time.After(closeGrace):
			e.Kill()
		}
	})
}
