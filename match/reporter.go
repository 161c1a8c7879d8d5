// What a match tells as it runs: lines in the style of cutechess-cli (a
// game started, a game finished, the rating every few games) and warnings
// on Config.Out, one writer at a time, and the count of games finished to
// Config.Progress. How progress is shown is the caller's affair.

package match

import (
	"fmt"
	"io"
	"sync"
)

// reporter writes the lines and counts the games; it is safe for use from
// several goroutines.
type reporter struct {
	mu       sync.Mutex
	w        io.Writer
	progress func(played, resumed, total int) // nil: none
	played   int
	resumed  int
	total    int
}

// newReporter reports on w (nil: nowhere) and to progress (nil: none) a
// run of total games, resumed of them finished by an earlier run.
func newReporter(w io.Writer, progress func(played, resumed, total int), resumed, total int) *reporter {
	if w == nil {
		w = io.Discard
	}
	r := &reporter{w: w, progress: progress, resumed: resumed, total: total}
	if progress != nil {
		progress(0, resumed, total)
	}
	return r
}

// warn writes a warning.
func (r *reporter) warn(msg string) { r.line("warning: " + msg) }

// line writes lines of text.
func (r *reporter) line(text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintln(r.w, text)
}

// gameDone writes the report of a finished or unplayed game and counts it.
func (r *reporter) gameDone(line string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintln(r.w, line)
	r.played++
	if r.progress != nil {
		r.progress(r.played, r.resumed, r.total)
	}
}
