// Starting an engine of the match: hubclient's launch, with the match log
// and the spec's options (and ponder) within the start timeout.

package match

import (
	"context"
	"fmt"
	"time"

	"github.com/dameo/dameo/hubclient"
)

// startEngine starts the engine of spec, logged as id, and performs the
// handshake: hub, the set-param options (and ponder), init, up to ready,
// within timeout.
func startEngine(ctx context.Context, spec EngineSpec, id string, log *logger, timeout time.Duration) (*hubclient.Engine, error) {
	launch := spec.Spec
	if spec.Ponder {
		launch.Options = append(append([]Option(nil), spec.Options...), Option{Name: "ponder", Value: "true"})
	}
	e, err := hubclient.Launch(ctx, launch, timeout, func(dir byte, text string) { log.line(id, dir, text) })
	if err != nil {
		return nil, fmt.Errorf("engine %s: %v", spec.Name, err)
	}
	return e, nil
}
