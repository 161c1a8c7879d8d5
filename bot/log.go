// The bot's log: timestamped lines, written whole by concurrent games,
// with the token removed from everything that passes through it. It is
// also the one place where text from the server (account and player names,
// chat, statuses, error answers) and from the engine is made printable: every
// log line and every error Run returns to the terminal passes through clean.

package bot

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/internal/printable"
)

// logger writes the bot's log lines.
type logger struct {
	mu    sync.Mutex
	w     io.Writer // nil: no log
	token string
}

// printf writes one line, cleaned.
func (l *logger) printf(format string, args ...any) {
	if l.w == nil {
		return
	}
	text := l.clean(fmt.Sprintf(format, args...))
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%s %s\n", time.Now().Format("2006-01-02 15:04:05.000"), text)
}

// redactedToken is what the log and errors show in place of the token.
const redactedToken = "[token]"

// clean is s fit for one line of a log or a terminal: the token replaced,
// a line break made a space, and every other byte or rune that does not
// print (carriage return, terminal escapes, BEL, invalid UTF-8) written as
// an escape such as \x1b (package printable).
func (l *logger) clean(s string) string {
	if l.token != "" {
		s = strings.ReplaceAll(s, l.token, redactedToken)
	}
	return printable.Escape(s, func(r rune) (string, bool) {
		if r == '\n' {
			return " ", true
		}
		return "", false
	})
}

// cleanError is err with its message cleaned (nil for nil); errors.Is and
// errors.As still see err unless its message held the token.
func (l *logger) cleanError(err error) error {
	if err == nil {
		return nil
	}
	msg := l.clean(err.Error())
	switch {
	case l.token != "" && strings.Contains(err.Error(), l.token):
		return errors.New(msg) // the chain holds the token
	case msg != err.Error():
		return cleanedError{msg, err}
	}
	return err
}

// cleanedError is an error whose message was cleaned.
type cleanedError struct {
	msg string
	err error
}

func (e cleanedError) Error() string { return e.msg }
func (e cleanedError) Unwrap() error { return e.err }
