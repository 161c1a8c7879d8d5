// The bot's log: timestamped lines, written whole by concurrent games,
// with the token removed from everything that passes through it.

package bot

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// logger writes the bot's log lines.
type logger struct {
	mu    sync.Mutex
	w     io.Writer // nil: no log
	token string
}

// printf writes one line, the token replaced.
func (l *logger) printf(format string, args ...any) {
	if l.w == nil {
		return
	}
	text := l.redact(fmt.Sprintf(format, args...))
	text = strings.ReplaceAll(text, "\n", " ")
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%s %s\n", time.Now().Format("2006-01-02 15:04:05.000"), text)
}

// redactedToken is what the log and errors show in place of the token.
const redactedToken = "[token]"

// redact is s with every occurrence of the token replaced.
func (l *logger) redact(s string) string {
	if l.token == "" {
		return s
	}
	return strings.ReplaceAll(s, l.token, redactedToken)
}

// redactError is err with the token removed from its message (nil for nil).
func (l *logger) redactError(err error) error {
	if err == nil {
		return nil
	}
	if msg := err.Error(); l.token != "" && strings.Contains(msg, l.token) {
		return errors.New(l.redact(msg))
	}
	return err
}
