// Tests that the session writes only protocol lines: error messages that
// repeat bad input have their bytes escaped, and a line that hub refuses to
// write becomes an error line instead.

package protocol

import (
	"strings"
	"testing"

	"github.com/dameo/dameo/hub"
)

func TestErrorMessageEscapesInput(t *testing.T) {
	h := start(t, nil)
	h.send("level depth=\xff", "pos moves=c3-c\xc3", "x\x00")
	h.expect(
		`error message="bad level depth=\xff: want a whole number from 1 to 100"`,
		`error message="illegal move c3-c\xc3: malformed: bad square 'c\xc3'"`,
		`error message="malformed line: control character \x00 at column 2"`,
	)
	h.sync()
	h.finish()
}

func TestRefusedLineBecomesError(t *testing.T) {
	h := start(t, func(c *Config) { c.Name = "two\nlines" })
	h.send("hub")
	got := h.next()
	l, err := hub.Parse(got)
	msg, _ := l.Get("message")
	if err != nil || l.Command != "error" || !strings.Contains(msg, `internal error: hub: id argument name: value 'two\nlines' holds the control character \x0a`) {
		t.Fatalf("the id line with a line break in its name was written as %q", got)
	}
	param, _ := h.until("wait")
	if len(param) == 0 {
		t.Error("no param lines after the refused id line")
	}
	h.sync()
	h.finish()
}
