// The engines a session drives: the seam between a session and a running
// engine (engineConn), shaped as hubclient's engine so that the tests can
// put a fake in its place, and how one is started (startFunc, from a
// hubclient.Spec).

package gui

import (
	"context"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// engineConn is a running Hub engine, through its start-up. Think and
// Analyze are hubclient's search exchange (one at a time, from a goroutine
// of their own); SetParam may be called meanwhile, and applies from the
// next search. NewGame, called between searches, sends new-game: the
// engine forgets what its earlier searches learnt (its hash table). Exited is closed when the engine has exited. Close ends the
// engine (and its children), makes a search in progress return, and may be
// called more than once.
type engineConn interface {
	SetParam(name, value string) error
	NewGame() error
	Exited() <-chan struct{}
	Think(ctx context.Context, pos hubclient.Position, lim hub.Level, onInfo func(hubclient.Info)) (hubclient.Done, error)
	Analyze(ctx context.Context, pos hubclient.Position, lim hub.Level, onInfo func(hubclient.Info)) (hubclient.Done, error)
	Close()
}

// startFunc starts the engine of spec and runs its start-up with params;
// ctx bounds the start-up.
type startFunc func(ctx context.Context, spec hubclient.Spec, params []hubclient.Param) (engineConn, error)
