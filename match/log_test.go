// Tests of the match log: one printable line per line logged, whatever
// bytes an engine wrote.

package match

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLogLinesNeverSplit(t *testing.T) {
	var buf bytes.Buffer
	log := newLogger(&buf)
	texts := []string{"a\rb", "c\nd", "nul\x00 esc\x1b[2J", "bad \xff", "sep\u2028", "plain line"}
	for _, text := range texts {
		log.line("engine@1", '<', text)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(texts) {
		t.Fatalf("%d lines logged give %d lines:\n%s", len(texts), len(lines), buf.String())
	}
	for _, l := range lines {
		if !utf8.ValidString(l) || strings.ContainsAny(l, "\r\x00\x1b\u2028") {
			t.Errorf("log line %q is not printable", l)
		}
	}
	if !strings.HasSuffix(lines[len(lines)-1], " engine@1 < plain line") {
		t.Errorf("plain text changed: %q", lines[len(lines)-1])
	}
}
