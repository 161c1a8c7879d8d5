// Starting an engine of the match: its process through package hubclient,
// with the match log, then the start-up handshake with the spec's options
// (and ponder) within the start timeout.

package match

import (
	"context"
	"fmt"
	"time"

	"github.com/dameo/dameo/hubclient"
)

// quitGrace is how long an engine may take to exit after quit before it is
// killed.
const quitGrace = time.Second

// startEngine starts the engine of spec, logged as id, and performs the
// handshake: hub, the set-param options (and ponder), init, up to ready,
// within timeout.
func startEngine(ctx context.Context, spec EngineSpec, id string, log *logger, timeout time.Duration) (*hubclient.Engine, error) {
	e, err := hubclient.Start(spec.Command, hubclient.Options{
		Dir: spec.Dir,
		Log: func(dir byte, text string) { log.line(id, dir, text) },
	})
	if err != nil {
		return nil, fmt.Errorf("engine %s: %v", spec.Name, err)
	}
	if err := handshake(ctx, e, spec, id, log, time.Now().Add(timeout)); err != nil {
		e.Kill()
		return nil, fmt.Errorf("engine %s: %v", spec.Name, err)
	}
	return e, nil
}

func handshake(ctx context.Context, e *hubclient.Engine, spec EngineSpec, id string, log *logger, deadline time.Time) error {
	ident, err := e.Handshake(ctx, deadline)
	if err != nil {
		return err
	}
	opts := spec.Options
	if spec.Ponder {
		opts = append(append([]Option(nil), opts...), Option{Name: "ponder", Value: "true"})
	}
	params := make([]hubclient.Param, len(opts))
	for i, o := range opts {
		if !ident.Declares(o.Name) {
			log.note("%s: the engine does not declare the parameter %q; sending it anyway", id, o.Name)
		}
		params[i] = hubclient.Param(o)
	}
	return e.Configure(ctx, deadline, params)
}
