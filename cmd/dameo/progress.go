// Progress of a long job as plain lines, for when standard error is not a
// terminal and no progress bar can be drawn: every so often, how much is
// done, the time spent and an estimate of the time left.

package main

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// progressEvery is how often a progress line is written.
const progressEvery = 10 * time.Second

// progressLines writes a progress line to its writer every interval until
// stopped.
type progressLines struct {
	first    atomic.Int64 // units done before the rate began
	done     atomic.Int64
	stop     chan struct{}
	finished chan struct{}
}

// startProgressLines starts writing progress lines about a job of total
// units of which first are done already (a resumed job), the rate being
// measured from now.
func startProgressLines(w io.Writer, what string, first, total int, every time.Duration) *progressLines {
	p := &progressLines{stop: make(chan struct{}), finished: make(chan struct{})}
	p.first.Store(int64(first))
	p.done.Store(int64(first))
	begin := time.Now()
	go func() {
		defer close(p.finished)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-tick.C:
				fmt.Fprintln(w, progressLine(what, int(p.first.Load()), int(p.done.Load()), total, time.Since(begin)))
			}
		}
	}()
	return p
}

// set records how many units are done.
func (p *progressLines) set(done int) { p.done.Store(int64(done)) }

// skip records n more units done without the job's work since it began
// (a table kept, a unit resumed from its checkpoint), which the rate
// leaves out.
func (p *progressLines) skip(n int) { p.first.Add(int64(n)) }

// close stops the lines; none is written after it returns.
func (p *progressLines) close() {
	close(p.stop)
	<-p.finished
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
