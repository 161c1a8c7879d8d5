// The match log: every line sent to and received from the engines, with
// the time since the match started, and the runner's own remarks (failed
// moves with the exact lines that produced them).

package match

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/dameo/dameo/internal/printable"
)

// logger writes the match log; a nil writer discards it.
type logger struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

func newLogger(w io.Writer) *logger { return &logger{w: w, start: time.Now()} }

// line logs one protocol line: dir is '>' for lines sent to the engine,
// '<' for lines received, '!' for the runner's remarks, '2' for the
// engine's standard error. What does not print in text (a carriage
// return, a control byte, invalid UTF-8) is escaped, so that each line
// logged is one printable line of the log.
func (l *logger) line(who string, dir byte, text string) {
	if l == nil || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%9.3f %s %c %s\n", time.Since(l.start).Seconds(), who, dir, printable.Escape(text, nil))
}

// note logs a remark of the runner.
func (l *logger) note(format string, args ...any) {
	l.line("runner", '!', fmt.Sprintf(format, args...))
}
