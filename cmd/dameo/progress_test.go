// Tests of the progress display: units done without the job's work give
// no rate, the bar is redrawn in place, and the command's text lands above
// it.

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/testio"
)

// waitFor waits until out holds part after from and returns out's text
// from there.
func waitFor(t *testing.T, out *testio.SyncBuffer, from int, part string) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if text := out.String()[from:]; strings.Contains(text, part) {
			return text
		}
	}
	t.Fatalf("no %q in %q", part, out.String()[from:])
	return ""
}

// lastLine is the last complete line of text holding part.
func lastLine(text, part string) string {
	lines := strings.Split(text, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], part) {
			return lines[i]
		}
	}
	return ""
}

// TestProgressResumed: units done without the job's work (kept tables,
// a resumed checkpoint, a job that learns its size by restart) give no
// rate, so the time left is estimated from the work done since.
func TestProgressResumed(t *testing.T) {
	for _, c := range []struct {
		name          string
		resume, work  func(*progress)
		before, after string // the counts before and after the work
	}{
		{"skip", func(p *progress) { p.skip(600); p.set(600) }, func(p *progress) { p.set(700) }, "600/1000", "700/1000"},
		{"restart", func(p *progress) { p.restart(40, 50) }, func(p *progress) { p.add(5) }, "40/50", "45/50"},
	} {
		var out testio.SyncBuffer
		p := newProgress(&out, false, "units", 0, 1000, time.Millisecond)
		c.resume(p)
		if line := lastLine(waitFor(t, &out, 0, c.before), c.before); strings.Contains(line, "left") {
			t.Errorf("%s: %q: a time left from resumed units alone", c.name, line)
		}
		c.work(p)
		if line := lastLine(waitFor(t, &out, 0, c.after), c.after); !strings.Contains(line, "left") {
			t.Errorf("%s: %q: no time left once units are done", c.name, line)
		}
		p.close()
	}
}

// TestProgressBar: on a terminal the bar is redrawn in place, taken off
// before the command's own lines, and gone when closed.
func TestProgressBar(t *testing.T) {
	var term, stdout testio.SyncBuffer
	p := newProgress(&term, true, "positions", 0, 10, time.Millisecond)
	p.set(5)
	p.describe("3 found")
	text := waitFor(t, &term, 0, "5/10")
	if !strings.HasPrefix(text, "\r["+strings.Repeat("=", barWidth/2)+strings.Repeat(" ", barWidth/2)+"] positions: 5/10 (50%)") ||
		!strings.Contains(text, ", 3 found\x1b[K") || strings.Contains(text, "\n") {
		t.Errorf("bar %q: want it drawn in place with its note", text)
	}
	mark := len(term.String())
	w := p.above(&stdout)
	if _, err := w.Write([]byte("a line\n")); err != nil {
		t.Fatal(err)
	}
	// The bar may have been redrawn (every millisecond) before the line
	// came: the clear follows those redraws.
	after := term.String()[mark:]
	cleared := strings.Index(after, "\r\x1b[K")
	if cleared < 0 || (cleared > 0 && !strings.HasPrefix(after, "\r[")) || stdout.String() != "a line\n" {
		t.Fatalf("before a line: terminal %q, stdout %q; want the bar cleared, then the line", after, stdout.String())
	}
	waitFor(t, &term, mark+cleared+len("\r\x1b[K"), "5/10") // drawn again
	p.close()
	if !strings.HasSuffix(term.String(), "\r\x1b[K") {
		t.Errorf("closed: %q does not end with the bar cleared", term.String())
	}
	if w.Write([]byte("after\n")); stdout.String() != "a line\nafter\n" {
		t.Errorf("after close: stdout %q", stdout.String())
	}
}

// TestProgressLinesWriteThrough: without a bar the command's text goes
// to its writer unchanged.
func TestProgressLinesWriteThrough(t *testing.T) {
	var out testio.SyncBuffer
	p := newProgress(&out, false, "x", 0, 1, time.Hour)
	if w := p.above(&out); w != &out {
		t.Errorf("above without a bar is %T, want the writer itself", w)
	}
	p.close()
	if out.String() != "" {
		t.Errorf("%q written without a tick", out.String())
	}
}
