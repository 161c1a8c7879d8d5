// Live progress of a match: a progress bar with the current score and Elo
// when the output is a terminal, plain lines (one per finished game, in the
// style of cutechess-cli) otherwise; warnings go to the same output.

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
func (r *reporter) warn(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Clear()
		fmt.Fprintf(r.w, "\rwarning: %s\n", msg)
		r.bar.RenderBlank()
		return
	}
	fmt.Fprintf(r.w, "warning: %s\n", msg)
}

// gameFinished reports a game: line is the plain report of the game and
// status the running score of its pairing.
func (r *reporter) gameFinished(line, status string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Add(1)
		r.bar.Describe(status)
		return
	}
	fmt.Fprintln(r.w, line)
	fmt.Fprintln(r.w, status)
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
