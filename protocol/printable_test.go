// Every line the engine writes is printable UTF-8, whatever bytes it was
// sent: an error line that repeats the input escapes what does not print,
// so a front-end that decodes the output as UTF-8 text cannot fail. The
// same holds for the lines of the exchange log, one per line exchanged.

package protocol

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dameo/dameo/internal/testio"
)

// hostileLines hold NUL, control bytes, carriage returns mid-line, escape
// sequences, invalid UTF-8 and runes that do not print, in every place of a
// line.
var hostileLines = []string{
	"\x00",
	"\x01\x02\x03",
	"\xff\xfe",
	"hub\rquit",
	"pos pos=\x00 moves=\xff",
	"pos moves=\"c3-c4\rd6-d5\"",
	"set-param name=hash\x01 value=8",
	"set-param name=hash value=\xc3\x28",
	"set-param name=book-file value=\x1b[2J\x07",
	"level move-time=1\x00",
	"go think\u2028",
	"foo\u202ebar \U000e0001",
	"\x7f",
	"go \x1b]0;title\x07",
}

// checkPrintable fails the test for a line that is not printable UTF-8.
func checkPrintable(t *testing.T, l string) {
	t.Helper()
	if !utf8.ValidString(l) {
		t.Errorf("line %q is not valid UTF-8", l)
		return
	}
	for _, r := range l {
		if r != ' ' && !strconv.IsPrint(r) {
			t.Errorf("line %q holds the non-printable %U", l, r)
			return
		}
	}
}

func TestOutputIsPrintable(t *testing.T) {
	var log testio.SyncBuffer
	h := start(t, func(c *Config) { c.Log = &log })
	for _, in := range hostileLines {
		h.send(in)
		h.send("ping")
		for {
			l := h.next()
			checkPrintable(t, l)
			if l == "pong" {
				break
			}
			if !strings.HasPrefix(l, "error ") {
				t.Errorf("%q: answered %q", in, l)
			}
		}
	}
	h.finish()
	lines := strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n")
	for _, l := range lines {
		checkPrintable(t, l)
	}
	if recv := strings.Count(log.String(), " recv "); recv != 2*len(hostileLines) {
		t.Errorf("the log has %d lines received, want %d:\n%s", recv, 2*len(hostileLines), log.String())
	}
}
