// Splitting the engine's output into lines as it arrives, with a bound on
// the length of a line so that an engine cannot grow the client's memory.

package hubclient

import (
	"bytes"
	"strings"
)

// maxLineLength bounds one line of engine output; a longer line is garbage.
const maxLineLength = 1 << 20

// lineWriter is the writer the engine's output is copied to: it passes each
// complete line (a trailing '\r' removed) to emit until emit reports false,
// and calls tooLong once, then discards everything, when a line exceeds
// maxLineLength. It never fails, so that the engine's output is always
// drained. Its methods are called by one goroutine at a time.
type lineWriter struct {
	emit       func(text string) bool
	tooLong    func()
	partial    []byte // the start of a line whose end has not arrived
	discarding bool
}

func newLineWriter(emit func(string) bool, tooLong func()) *lineWriter {
	return &lineWriter{emit: emit, tooLong: tooLong}
}

func (w *lineWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && !w.discarding {
		i := bytes.IndexByte(p, '\n')
		end := i
		if i < 0 {
			end = len(p)
		}
		if len(w.partial)+end > maxLineLength {
			w.discarding = true
			w.partial = nil
			w.tooLong()
			break
		}
		if i < 0 {
			w.partial = append(w.partial, p...)
			break
		}
		line := string(append(w.partial, p[:i]...))
		w.partial = w.partial[:0]
		p = p[i+1:]
		w.discarding = !w.emit(strings.TrimSuffix(line, "\r"))
	}
	return n, nil
}

// flush passes on a last line without a line end, once the output is over.
func (w *lineWriter) flush() {
	if !w.discarding && len(w.partial) > 0 {
		w.emit(strings.TrimSuffix(string(w.partial), "\r"))
	}
	w.partial = nil
}
