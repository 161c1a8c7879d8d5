// Reading the engine's output as protocol lines: the next line that is not
// blank, parsed, with a line that is not a protocol line told apart from
// the engine's end.

package hubclient

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dameo/dameo/hub"
)

// ErrGarbage marks a line of the engine's output that is not a protocol
// line; errors.Is finds it in the errors of Receive. The engine may still
// be read after it.
var ErrGarbage = errors.New("the engine wrote a line that is not a protocol line")

// GarbageError is a line of the engine's output that is not a protocol
// line, one too long to be read, or (in a search) a command other than
// info, done, error and pong. errors.Is finds ErrGarbage in it.
type GarbageError struct {
	Text string // the line as the engine wrote it ("" for a line too long)
	Why  string // hub's reason, which shows no more of the text than is safe, "unexpected command" or "a line longer than ... bytes"
}

func (e *GarbageError) Error() string { return fmt.Sprintf("%v (%s)", ErrGarbage, e.Why) }

func (e *GarbageError) Unwrap() error { return ErrGarbage }

// Receive returns the next protocol line of the engine's output, skipping
// blank lines, waiting until deadline (the zero time waits without limit)
// or until ctx is done. A line hub cannot parse gives a *GarbageError; the
// other errors are those of ReadLine.
func (e *Engine) Receive(ctx context.Context, deadline time.Time) (hub.Line, error) {
	for {
		text, err := e.ReadLine(ctx, deadline)
		if err != nil {
			return hub.Line{}, err
		}
		l, err := hub.Parse(text)
		if err != nil {
			return hub.Line{}, &GarbageError{Text: text, Why: err.Error()}
		}
		if l.Command != "" {
			return l, nil
		}
	}
}
