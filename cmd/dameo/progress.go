// The one progress display of the long commands (book build, tune, egtb
// build, datagen, match, shots mine and run): a bar redrawn in place when
// standard error is a terminal, else a plain line every so often; both
// tell how much is done, the time spent and an estimate of the time left,
// measured on the work done since the job began (units resumed from an
// earlier run count as done but not in the rate). The libraries report
// counts only; this file is where they are shown.

package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// progressEvery is how often a progress line is written when standard
// error is not a terminal (commands with --interval choose their own).
const progressEvery = 10 * time.Second

// barEvery is how often the bar is redrawn.
const barEvery = 200 * time.Millisecond

// barWidth is the number of cells of the bar.
const barWidth = 30

// progress shows the progress of one job until closed; its methods are
// safe for use from several goroutines.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	bar      bool // draw a bar in place, else write lines
	what     string
	total    int
	first    int // units done without the job's work since begin
	done     int
	note     string
	begin    time.Time
	drawn    bool // a bar is on the screen
	midLine  bool // text written above the bar did not end its line
	closed   bool
	closing  sync.Once
	stop     chan struct{}
	finished chan struct{}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// startProgress shows on standard error the progress of a job of total
// units, first of them done already (a resumed job): a bar on a terminal,
// else a line every progressEvery.
func startProgress(what string, first, total int) *progress {
	return startProgressEvery(what, first, total, progressEvery)
}

// startProgressEvery is startProgress with lines every interval.
func startProgressEvery(what string, first, total int, every time.Duration) *progress {
	if isTerminal(os.Stderr) {
		return newProgress(os.Stderr, true, what, first, total, barEvery)
	}
	return newProgress(os.Stderr, false, what, first, total, every)
}

// newProgress shows progress on w, as a bar redrawn or a line written
// every interval.
func newProgress(w io.Writer, bar bool, what string, first, total int, every time.Duration) *progress {
	p := &progress{w: w, bar: bar, what: what, total: total, first: first, done: first, begin: time.Now(),
		stop: make(chan struct{}), finished: make(chan struct{})}
	go func() {
		defer close(p.finished)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-tick.C:
				p.show()
			}
		}
	}()
	return p
}

// set records how many units are done in all.
func (p *progress) set(done int) {
	p.mu.Lock()
	p.done = done
	p.mu.Unlock()
}

// add records n more units done.
func (p *progress) add(n int) {
	p.mu.Lock()
	p.done += n
	p.mu.Unlock()
}

// skip records that n of the units done were done without the job's work
// since it began (a table kept, a unit resumed from its checkpoint), which
// the rate leaves out.
func (p *progress) skip(n int) {
	p.mu.Lock()
	p.first += n
	p.mu.Unlock()
}

// restart says how large the job is once that is known: first of total
// units done already, the rate measured from now.
func (p *progress) restart(first, total int) {
	p.mu.Lock()
	p.first, p.done, p.total, p.begin = first, first, total, time.Now()
	p.mu.Unlock()
}

// describe sets a note shown after the counts ("" for none).
func (p *progress) describe(note string) {
	p.mu.Lock()
	p.note = note
	p.mu.Unlock()
}

// show draws the bar or writes a line.
func (p *progress) show() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	line := progressLine(p.what, p.first, p.done, p.total, time.Since(p.begin))
	if p.note != "" {
		line += ", " + p.note
	}
	if !p.bar {
		fmt.Fprintln(p.w, line)
		return
	}
	if p.midLine {
		return
	}
	fmt.Fprintf(p.w, "\r%s %s\x1b[K", barCells(p.done, p.total), line)
	p.drawn = true
}

// clear takes the bar off the screen; p.mu is held.
func (p *progress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// above is a writer to w whose text appears above the bar (w itself when
// there is no bar): the command's own output while the job runs.
func (p *progress) above(w io.Writer) io.Writer {
	if !p.bar {
		return w
	}
	return aboveBar{p, w}
}

// aboveBar writes to w with the bar taken off the screen first.
type aboveBar struct {
	p *progress
	w io.Writer
}

func (a aboveBar) Write(b []byte) (int, error) {
	a.p.mu.Lock()
	defer a.p.mu.Unlock()
	a.p.clear()
	n, err := a.w.Write(b)
	if n > 0 {
		a.p.midLine = b[n-1] != '\n'
	}
	return n, err
}

// close ends the display: the bar is taken off the screen and nothing is
// written after close returns. Closing again does nothing.
func (p *progress) close() {
	p.closing.Do(func() { close(p.stop) })
	<-p.finished
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	p.closed = true
}

// barCells is the bar of done of total units.
func barCells(done, total int) string {
	full := barWidth * min(max(done, 0), total) / max(total, 1)
	return "[" + strings.Repeat("=", full) + strings.Repeat(" ", barWidth-full) + "]"
}

// progressLine is one progress line: done of total units (first of them
// done before elapsed began), the time elapsed, and the time left at the
// rate so far.
func progressLine(what string, first, done, total int, elapsed time.Duration) string {
	line := fmt.Sprintf("%s: %d/%d (%d%%), %v elapsed", what, done, total, 100*done/max(total, 1), elapsed.Round(time.Second))
	if done <= first || done >= total {
		return line
	}
	left := time.Duration(float64(elapsed) * float64(total-done) / float64(done-first))
	return fmt.Sprintf("%s, about %v left", line, left.Round(time.Second))
}
