// The Engine type: starting the engine's command with its pipes, sending a
// line, reading the next line of its output with a deadline, and how the
// engine ended.

package hubclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/dameo/dameo/hub"
)

// Errors of reading from or writing to an engine; errors.Is finds them in
// the errors of Engine's methods.
var (
	ErrTimeout = errors.New("no answer in time")
	ErrExited  = errors.New("engine exited")
)

// Options are the settings of Start.
type Options struct {
	Dir string // working directory of the engine ("" = the caller's)
	// Log, when not nil, is given every line: dir is '>' for a line sent,
	// '<' for a line received, '2' for a line of the engine's standard
	// error, '!' for a remark of the client. The text is as the engine
	// wrote it (without the newline), control bytes included. Log is
	// called from several goroutines, one call at a time per Engine.
	Log func(dir byte, text string)
}

// outputBuffer and outputBytes bound the lines of the engine's output, and
// their bytes, that wait for a reader; beyond them the engine is held up in
// its writing.
const (
	outputBuffer = 4096
	outputBytes  = 8 << 20
)

// exitGrace is how long output pipes still held by a descendant of the
// engine are read after the engine exits, before they are closed.
const exitGrace = time.Second

// lineOrErr is one line of the engine's output, or the error that ended it.
type lineOrErr struct {
	text string
	err  error
}

// Engine is a running engine process.
type Engine struct {
	cmd   *exec.Cmd
	pid   int
	stdin io.WriteCloser
	log   func(dir byte, text string)
	logMu sync.Mutex

	sendMu sync.Mutex
	lines  chan lineOrErr      // closed after the engine's output ends
	queued *semaphore.Weighted // the bytes of the lines waiting in lines

	exited     chan struct{} // closed once the engine has exited
	exitedOnce sync.Once
	waited     chan struct{} // closed once the engine is reaped and its output read
	status     error         // how the engine ended, valid once waited is closed

	group     group // the engine and the processes it starts (group_*.go)
	groupMu   sync.Mutex
	groupGone bool // the engine is (being) reaped: its group is no longer signalled

	givenUp   context.Context // done when the caller gives the engine up
	giveUpNow context.CancelFunc
	closeOnce sync.Once

	// The searcher's state (see Think), touched by one goroutine at a time.
	pondering   *pondering // the go ponder in progress, nil when none
	searchLines []hub.Line // the lines that started the last search
}

// Start starts an engine: command is the program and its arguments. It does
// not talk to the engine yet (see Handshake).
func Start(command []string, opts Options) (*Engine, error) {
	if len(command) == 0 {
		return nil, errors.New("no command")
	}
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Dir = opts.Dir
	cmd.WaitDelay = exitGrace
	newGroup(cmd)
	e := &Engine{
		cmd:    cmd,
		log:    opts.Log,
		lines:  make(chan lineOrErr, outputBuffer),
		queued: semaphore.NewWeighted(outputBytes),
		exited: make(chan struct{}),
		waited: make(chan struct{}),
	}
	e.givenUp, e.giveUpNow = context.WithCancel(context.Background())
	stdout := newLineWriter(e.deliverLine, e.deliverTooLong)
	stderr := newLineWriter(e.logStderr, e.stderrTooLong)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		e.giveUpNow()
		return nil, err
	}
	e.stdin = stdin
	if err := cmd.Start(); err != nil {
		e.giveUpNow()
		return nil, fmt.Errorf("cannot start %q: %v", strings.Join(command, " "), err)
	}
	e.pid = cmd.Process.Pid
	e.group = joinGroup(cmd.Process)
	go e.watch(stdout, stderr)
	return e, nil
}

// Pid is the engine's process id (and on Unix the id of its process group).
func (e *Engine) Pid() int { return e.pid }

// watch waits for the engine from its start: when it exits, what it left
// in its group is killed, it is reaped, its last unterminated lines are
// passed on, and the end of its output is signalled.
func (e *Engine) watch(stdout, stderr *lineWriter) {
	if waitExit(e.pid) { // the engine is a zombie: its group id is still ours
		e.endGroup()
		e.exitedOnce.Do(func() { close(e.exited) })
	}
	err := e.cmd.Wait()
	e.groupMu.Lock()
	e.groupGone = true
	e.groupMu.Unlock()
	e.exitedOnce.Do(func() { close(e.exited) })
	stdout.flush()
	stderr.flush()
	e.status = err
	close(e.waited)
	close(e.lines)
}

// endGroup kills the engine's process group (what is left of it), unless
// that was done or the engine is being reaped.
func (e *Engine) endGroup() {
	e.groupMu.Lock()
	defer e.groupMu.Unlock()
	if !e.groupGone {
		e.group.kill()
		e.groupGone = true
	}
}

// logLine passes a line to the Log option.
func (e *Engine) logLine(dir byte, text string) {
	if e.log == nil {
		return
	}
	e.logMu.Lock()
	defer e.logMu.Unlock()
	e.log(dir, text)
}

// deliverLine passes a line of output to the reader unless the engine was
// given up; it reports whether reading should go on.
func (e *Engine) deliverLine(text string) bool {
	e.logLine('<', text)
	return e.deliver(lineOrErr{text: text})
}

func (e *Engine) deliverTooLong() {
	e.deliver(lineOrErr{err: &GarbageError{Why: fmt.Sprintf("a line longer than %d bytes", maxLineLength)}})
}

func (e *Engine) deliver(l lineOrErr) bool {
	if e.queued.Acquire(e.givenUp, int64(len(l.text))) != nil {
		return false
	}
	select {
	case e.lines <- l:
		return true
	case <-e.givenUp.Done():
		e.queued.Release(int64(len(l.text)))
		return false
	}
}

func (e *Engine) logStderr(text string) bool {
	e.logLine('2', text)
	return true
}

func (e *Engine) stderrTooLong() {
	e.logLine('!', fmt.Sprintf("standard error: a line longer than %d bytes; the rest is not logged", maxLineLength))
}

// giveUp stops delivering lines (so that a flooding engine cannot block
// its reader) and closes the engine's input.
func (e *Engine) giveUp() {
	e.giveUpNow()
	e.stdin.Close() // closing it again does nothing
}

// Send writes one line to the engine. A line hub refuses to format is not
// sent and its error is returned; an engine that no longer reads gives an
// error that wraps ErrExited.
func (e *Engine) Send(l hub.Line) error {
	text, err := l.Format()
	if err != nil {
		return err
	}
	e.sendMu.Lock()
	defer e.sendMu.Unlock()
	e.logLine('>', text)
	if _, err := io.WriteString(e.stdin, text+"\n"); err != nil {
		return fmt.Errorf("%w (%v)", ErrExited, err)
	}
	return nil
}

// ReadLine returns the next line of the engine's output (without the line
// end, a trailing '\r' removed), waiting until deadline (the zero time waits
// without limit) or until ctx is done. The errors are ErrTimeout, ctx's
// error, an error wrapping ErrExited once the output has ended, or a
// *GarbageError for an output line too long to read.
func (e *Engine) ReadLine(ctx context.Context, deadline time.Time) (string, error) {
	var timer <-chan time.Time
	if !deadline.IsZero() {
		d := time.Until(deadline)
		if d <= 0 {
			select {
			case l, ok := <-e.lines:
				return e.got(l, ok)
			default:
				return "", ErrTimeout
			}
		}
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case l, ok := <-e.lines:
		return e.got(l, ok)
	case <-timer:
		return "", ErrTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (e *Engine) got(l lineOrErr, ok bool) (string, error) {
	if !ok {
		return "", fmt.Errorf("%w (%s)", ErrExited, e.exitStatus())
	}
	e.queued.Release(int64(len(l.text)))
	return l.text, l.err
}

// exitStatus describes how the engine ended.
func (e *Engine) exitStatus() string {
	select {
	case <-e.waited:
	case <-time.After(time.Second):
		return "still running"
	}
	if e.status == nil {
		return "exit status 0"
	}
	return e.status.Error()
}

// Exited is closed once the engine has exited.
func (e *Engine) Exited() <-chan struct{} { return e.exited }

// Alive reports whether the engine is still running.
func (e *Engine) Alive() bool {
	select {
	case <-e.exited:
		return false
	default:
		return true
	}
}
