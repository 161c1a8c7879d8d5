// Live progress of a match: lines in the style of cutechess-cli (a game
// started, a game finished, the rating every few games) and warnings, with
// a progress bar below them showing the current score and Elo when the
// output is a terminal.

package match

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// IsTerminal reports whether w is a terminal (and so gets a progress bar).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// reporter shows progress; it is safe for use from several goroutines.
type reporter struct {
	mu  sync.Mutex
	w   io.Writer
	bar *progressbar.ProgressBar // nil for plain output
}

func newReporter(w io.Writer, total int, terminal bool) *reporter {
	if w == nil {
		w = io.Discard
	}
	r := &reporter{w: w}
	if terminal {
		r.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetWidth(30),
			progressbar.OptionSetRenderBlankState(true),
		)
	}
	return r
}

// warn prints a warning above the bar.
func (r *reporter) warn(msg string) { r.line("warning: " + msg) }

// line prints lines of text (above the bar on a terminal).
func (r *reporter) line(text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.print(text)
}

// print writes text on its own lines; r.mu is held.
func (r *reporter) print(text string) {
	if r.bar != nil {
		r.bar.Clear()
		fmt.Fprintf(r.w, "\r%s\n", text)
		r.bar.RenderBlank()
		return
	}
	fmt.Fprintln(r.w, text)
}

// gameFinished reports a game: line is the report of the game (printed
// in every case) and status the running score of its pairing (shown in
// the bar on a terminal).
func (r *reporter) gameFinished(line, status string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.print(line)
	if r.bar != nil {
		r.bar.Add(1)
		r.bar.Describe(status)
	}
}

// finish ends the bar before the summary is printed.
func (r *reporter) finish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Exit()
		fmt.Fprintln(r.w)
	}
}
