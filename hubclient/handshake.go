// The conversation that readies an engine and keeps it in step: hub up to
// wait, set-param, init up to ready, and ping up to pong.

package hubclient

import (
	"context"
	"fmt"
	"time"

	"github.com/dameo/dameo/hub"
)

// Identity is what an engine says of itself between hub and wait.
type Identity struct {
	ID     hub.Line   // the id line (a Line without Command when none came)
	Params []hub.Line // the param lines, in order
}

// Declares reports whether the engine declared the parameter name.
func (id Identity) Declares(name string) bool {
	for _, p := range id.Params {
		if v, ok := p.Get("name"); ok && v == name {
			return true
		}
	}
	return false
}

// Handshake sends hub and reads the engine's id and param lines up to wait,
// until deadline. Lines that are not protocol lines (a banner) are skipped.
func (e *Engine) Handshake(ctx context.Context, deadline time.Time) (Identity, error) {
	var id Identity
	if err := e.Send(hub.NewLine("hub")); err != nil {
		return id, err
	}
	for {
		text, err := e.ReadLine(ctx, deadline)
		if err != nil {
			return id, fmt.Errorf("start-up (hub ... wait): %w", err)
		}
		l, err := hub.Parse(text)
		if err != nil {
			continue
		}
		switch l.Command {
		case "id":
			id.ID = l
		case "param":
			id.Params = append(id.Params, l)
		case "wait":
			return id, nil
		}
	}
}

// SetParam sends set-param name=name value=value (between Handshake and
// Init, or between games). A value the protocol cannot carry (a '"' or a
// control character) is refused and nothing is sent.
func (e *Engine) SetParam(name, value string) error {
	return e.Send(Param{name, value}.Line())
}

// Param is a parameter of the engine and its value, sent with set-param.
type Param struct {
	Name, Value string
}

// Line is the set-param line that gives the engine p.
func (p Param) Line() hub.Line {
	return hub.NewLine("set-param").Set("name", p.Name).Set("value", p.Value)
}

// Configure sends a set-param line for each of params, in order, then
// Init until deadline. A parameter the protocol cannot carry is refused
// and nothing more is sent.
func (e *Engine) Configure(ctx context.Context, deadline time.Time, params []Param) error {
	for _, p := range params {
		if err := e.SetParam(p.Name, p.Value); err != nil {
			return fmt.Errorf("parameter %s: %w", p.Name, err)
		}
	}
	return e.Init(ctx, deadline)
}

// Init sends init and waits for ready until deadline. An error line in
// between fails it, with the engine's message: the engine refused a
// setting, or could not load what one names (a book), and the caller
// asked for it (the policy of package hubclient, see its documentation).
// So does a line that is not a protocol line.
func (e *Engine) Init(ctx context.Context, deadline time.Time) error {
	if err := e.Send(hub.NewLine("init")); err != nil {
		return err
	}
	for {
		text, err := e.ReadLine(ctx, deadline)
		if err != nil {
			return fmt.Errorf("start-up (init ... ready): %w", err)
		}
		l, err := hub.Parse(text)
		if err != nil {
			return fmt.Errorf("start-up: garbage %q: %v", text, err)
		}
		switch l.Command {
		case "ready":
			return nil
		case "error":
			msg, _ := l.Get("message")
			return fmt.Errorf("start-up: the engine refused a setting: %s", msg)
		}
	}
}

// Await reads lines until one with command, which it returns, waiting until
// deadline (the zero time waits without limit) or until ctx is done; other
// lines, protocol lines or not, are skipped.
func (e *Engine) Await(ctx context.Context, deadline time.Time, command string) (hub.Line, error) {
	for {
		text, err := e.ReadLine(ctx, deadline)
		if err != nil {
			return hub.Line{}, err
		}
		if l, err := hub.Parse(text); err == nil && l.Command == command {
			return l, nil
		}
	}
}

// Sync sends ping and waits for pong until deadline: the engine has then
// read and handled every line sent before.
func (e *Engine) Sync(ctx context.Context, deadline time.Time) error {
	if err := e.Send(hub.NewLine("ping")); err != nil {
		return err
	}
	_, err := e.Await(ctx, deadline, "pong")
	return err
}
