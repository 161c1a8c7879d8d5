// Launching an engine, the one start-up of every front-end: the process
// of a Spec started, readied with the spec's options within a time limit,
// and killed when any of it fails.

package hubclient

import (
	"context"
	"fmt"
	"time"
)

// Launch starts the engine of spec (its Command, in its Dir) and readies
// it: Handshake, a set-param line for each of spec.Options in order, then
// Init, all within timeout and while ctx lasts. An option the engine does
// not declare is sent anyway, with a remark ('!') to log, which is
// Options.Log (nil logs nothing). When any of it fails the engine is
// killed; the error, Start's or the start-up's, does not name the engine
// (the caller says which it was).
func Launch(ctx context.Context, spec Spec, timeout time.Duration, log func(dir byte, text string)) (*Engine, error) {
	e, err := Start(spec.Command, Options{Dir: spec.Dir, Log: log})
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(timeout)
	id, err := e.Handshake(ctx, deadline)
	if err == nil {
		for _, o := range spec.Options {
			if !id.Declares(o.Name) {
				e.logLine('!', fmt.Sprintf("the engine does not declare the parameter %q; sending it anyway", o.Name))
			}
		}
		err = e.Configure(ctx, deadline, spec.Options)
	}
	if err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}
