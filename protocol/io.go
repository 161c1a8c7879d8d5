// The session's input and output: a reader goroutine that turns the input
// into lines (and keeps reading during a search), a writer goroutine that
// owns the output and flushes every line, and the optional exchange log.

package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/internal/printable"
)

// maxLineLen bounds an input line; longer lines are reported and skipped
// (no real command comes near it: a full game's moves= is a few KiB).
const maxLineLen = 1 << 20

// errLineTooLong stands for an input line over maxLineLen bytes.
var errLineTooLong = fmt.Errorf("line longer than %d bytes", maxLineLen)

// input is one line read, or a line that could not be read.
type input struct {
	text string
	err  error // errLineTooLong; other errors end the input
}

// readLines sends the lines of r to lines until r ends or fails, then
// closes lines and reports a failure other than EOF on readErr. It gives up
// at once when quit is closed.
func readLines(r io.Reader, lines chan<- input, readErr *error, log *exchangeLog, quit <-chan struct{}) {
	defer close(lines)
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		// The bound is on the text; the line end ("\n" or "\r\n") may
		// add two bytes (checked again once the line is whole).
		if len(long)+len(chunk) > maxLineLen+2 {
			tooLong, long = true, long[:0]
		} else if !tooLong {
			long = append(long, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && len(long) == 0 && !tooLong {
			if err != io.EOF {
				*readErr = err
			}
			return
		}
		in := input{text: trimNewline(string(long))}
		if tooLong || len(strings.TrimSuffix(in.text, "\r")) > maxLineLen {
			in = input{err: errLineTooLong}
		} else {
			log.write("recv", in.text)
		}
		long, tooLong = long[:0], false
		select {
		case lines <- in:
		case <-quit:
			return
		}
		if err != nil { // a last line without newline, then EOF
			if err != io.EOF {
				*readErr = err
			}
			return
		}
	}
}

// trimNewline drops one trailing "\n" (the '\r' is the parser's business).
func trimNewline(s string) string {
	if n := len(s); n > 0 && s[n-1] == '\n' {
		return s[:n-1]
	}
	return s
}

// writer owns the output: lines sent to it are written in order, each
// followed by a newline and flushed at once.
type writer struct {
	lines  chan string
	quit   chan struct{} // closed when the session ends: later sends are dropped
	done   chan struct{} // closed when the writer goroutine has finished
	broken chan struct{} // closed when a write fails: the front-end has gone
}

// newWriter starts the writer goroutine on w.
func newWriter(w io.Writer, log *exchangeLog) *writer {
	wr := &writer{lines: make(chan string, 256), quit: make(chan struct{}), done: make(chan struct{}), broken: make(chan struct{})}
	go wr.loop(w, log)
	return wr
}

// loop writes lines until quit, then writes what is still queued. After a
// write error it closes broken and goes on draining lines without writing.
func (wr *writer) loop(w io.Writer, log *exchangeLog) {
	defer close(wr.done)
	bw := bufio.NewWriter(w)
	failed := false
	put := func(s string) {
		log.write("send", s)
		if failed {
			return
		}
		bw.WriteString(s)
		bw.WriteByte('\n')
		if bw.Flush() != nil {
			failed = true
			close(wr.broken)
		}
	}
	for {
		select {
		case s := <-wr.lines:
			put(s)
		case <-wr.quit:
			for {
				select {
				case s := <-wr.lines:
					put(s)
				default:
					return
				}
			}
		}
	}
}

// send queues a line; after close it is dropped. A line that hub refuses to
// write (a bug: text from outside goes through hub.SafeValue) is replaced by
// an error line saying why, so the output stays one protocol line per line.
func (wr *writer) send(l hub.Line) {
	text, err := l.Format()
	if err != nil {
		text = hub.NewLine("error").Set("message", hub.SafeValue("internal error: "+err.Error())).String()
	}
	select {
	case wr.lines <- text:
	case <-wr.quit:
	}
}

// close writes what is queued and stops the writer.
func (wr *writer) close() {
	close(wr.quit)
	<-wr.done
}

// exchangeLog writes both directions of the exchange with timestamps; a nil
// *exchangeLog writes nothing.
type exchangeLog struct {
	mu sync.Mutex
	w  io.Writer
}

// write logs one line with its time and direction ("recv" from the
// front-end, "send" to it); what does not print in text is escaped, so
// that the log holds one printable line per line exchanged.
func (l *exchangeLog) write(dir, text string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%s %s %s\n", time.Now().Format("2006-01-02 15:04:05.000"), dir, printable.Escape(text, nil))
}
