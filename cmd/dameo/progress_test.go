// Tests of the progress lines' count of units done without the job's work.

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/testio"
)

// TestProgressSkipped: units skipped (kept tables, a resumed checkpoint)
// give no rate, so the time left is estimated from the work done since.
func TestProgressSkipped(t *testing.T) {
	var out testio.SyncBuffer
	p := startProgressLines(&out, "slots", 0, 1000, time.Millisecond)
	p.skip(600)
	p.set(600)
	waitForLine := func(part string) string {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if last := lines[len(lines)-1]; strings.Contains(last, part) {
				return last
			}
		}
		t.Fatalf("no line with %q in %q", part, out.String())
		return ""
	}
	if line := waitForLine("600/1000"); strings.Contains(line, "left") {
		t.Errorf("%q: a time left from skipped units alone", line)
	}
	p.set(700)
	if line := waitForLine("700/1000"); !strings.Contains(line, "left") {
		t.Errorf("%q: no time left once units are done", line)
	}
	p.close()
}
