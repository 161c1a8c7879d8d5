// Engine processes: starting an engine with its working directory, the Hub
// start-up handshake with set-param options, reading its lines with
// deadlines, and stopping or killing it.

package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
)

// maxLineLength bounds one line of engine output; a longer line is garbage.
const maxLineLength = 1 << 20

// Errors of reading from an engine.
var (
	errTimeout = errors.New("no answer in time")
	errExited  = errors.New("engine exited")
)

// lineOrErr is one line of the engine's output, or the error that ended it.
type lineOrErr struct {
	text string
	err  error
}

// process is a running engine.
type process struct {
	id     string // name@slot, for the log
	spec   EngineSpec
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan lineOrErr // closed after the engine's output ends
	exited chan struct{}  // closed once the process has been waited for
	log    *logger
	params map[string]bool // parameters the engine declared
	waitMu sync.Mutex
	status error // the exit status, valid after exited is closed

	closing   chan struct{} // closed when the runner gives the process up
	closeOnce sync.Once
}

// startProcess starts an engine and performs the handshake: hub, the
// set-param options (and ponder), init, up to ready, within timeout.
func startProcess(ctx context.Context, spec EngineSpec, id string, log *logger, timeout time.Duration) (*process, error) {
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	cmd.Dir = spec.Dir
	cmd.WaitDelay = time.Second
	detach(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: cannot start %q: %v", spec.Name, strings.Join(spec.Command, " "), err)
	}
	p := &process{
		id: id, spec: spec, cmd: cmd, stdin: stdin, log: log,
		lines:   make(chan lineOrErr, 4096),
		exited:  make(chan struct{}),
		params:  map[string]bool{},
		closing: make(chan struct{}),
	}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 4096), maxLineLength)
		for sc.Scan() {
			text := strings.TrimSuffix(sc.Text(), "\r")
			log.line(id, '<', text)
			if !p.deliver(lineOrErr{text: text}) {
				break
			}
		}
		if err := sc.Err(); err != nil {
			p.deliver(lineOrErr{err: fmt.Errorf("unreadable output: %v", err)})
		}
		io.Copy(io.Discard, stdout) // let the engine finish writing
	}()
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 4096), maxLineLength)
		for sc.Scan() {
			log.line(id, '2', sc.Text())
		}
		io.Copy(io.Discard, stderr)
	}()
	go func() {
		readers.Wait()
		err := cmd.Wait()
		p.waitMu.Lock()
		p.status = err
		p.waitMu.Unlock()
		close(p.exited)
		close(p.lines)
	}()
	if err := p.handshake(ctx, timeout); err != nil {
		p.kill()
		return nil, fmt.Errorf("engine %s: %v", spec.Name, err)
	}
	return p, nil
}

func (p *process) handshake(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	if err := p.send(hub.NewLine("hub")); err != nil {
		return err
	}
	for {
		l, err := p.readLine(ctx, deadline)
		if err != nil {
			return fmt.Errorf("start-up (hub ... wait): %v", err)
		}
		hl, perr := parseReply(l)
		if perr != nil {
			continue // tolerated before wait: engines may print a banner
		}
		if hl.Command == "param" {
			if name, ok := hl.Get("name"); ok {
				p.params[name] = true
			}
		}
		if hl.Command == "wait" {
			break
		}
	}
	opts := p.spec.Options
	if p.spec.Ponder {
		opts = append(append([]Option(nil), opts...), Option{"ponder", "true"})
	}
	for _, o := range opts {
		if !p.params[o.Name] {
			p.log.note("%s: the engine does not declare the parameter %q; sending it anyway", p.id, o.Name)
		}
		if err := p.send(o.setParam()); err != nil {
			return err
		}
	}
	if err := p.send(hub.NewLine("init")); err != nil {
		return err
	}
	for {
		l, err := p.readLine(ctx, deadline)
		if err != nil {
			return fmt.Errorf("start-up (init ... ready): %v", err)
		}
		hl, perr := parseReply(l)
		if perr != nil {
			return fmt.Errorf("start-up: garbage %q: %v", l, perr)
		}
		switch hl.Command {
		case "ready":
			return nil
		case "error":
			msg, _ := hl.Get("message")
			return fmt.Errorf("start-up: the engine refused a setting: %s", msg)
		}
	}
}

// deliver passes a line to the runner unless the process was given up; it
// reports whether reading should go on.
func (p *process) deliver(l lineOrErr) bool {
	select {
	case p.lines <- l:
		return true
	case <-p.closing:
		return false
	}
}

// giveUp stops delivering lines (so that a flooding engine cannot block
// its reader) and closes the engine's input.
func (p *process) giveUp() {
	p.closeOnce.Do(func() {
		close(p.closing)
		p.stdin.Close()
	})
}

// send writes one line to the engine; a line hub refuses to write is not
// sent, and its error is returned.
func (p *process) send(l hub.Line) error {
	text, err := l.Format()
	if err != nil {
		return err
	}
	p.log.line(p.id, '>', text)
	if _, err := io.WriteString(p.stdin, text+"\n"); err != nil {
		return fmt.Errorf("%w (%v)", errExited, err)
	}
	return nil
}

// readLine returns the next line, waiting until deadline (the zero time
// waits without limit) or until ctx is done.
func (p *process) readLine(ctx context.Context, deadline time.Time) (string, error) {
	var timer <-chan time.Time
	if !deadline.IsZero() {
		d := time.Until(deadline)
		if d <= 0 {
			select {
			case l, ok := <-p.lines:
				return p.got(l, ok)
			default:
				return "", errTimeout
			}
		}
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case l, ok := <-p.lines:
		return p.got(l, ok)
	case <-timer:
		return "", errTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (p *process) got(l lineOrErr, ok bool) (string, error) {
	if !ok {
		return "", fmt.Errorf("%w (%s)", errExited, p.exitStatus())
	}
	return l.text, l.err
}

// exitStatus describes how the process ended.
func (p *process) exitStatus() string {
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		return "still running"
	}
	p.waitMu.Lock()
	defer p.waitMu.Unlock()
	if p.status == nil {
		return "exit status 0"
	}
	return p.status.Error()
}

// alive reports whether the process is still running.
func (p *process) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill ends the process at once and waits for it.
func (p *process) kill() {
	if p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
	p.giveUp()
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		p.log.note("%s: did not exit after being killed", p.id)
	}
}

// quit asks the engine to exit and kills it if it has not within a second.
func (p *process) quit() {
	p.send(hub.NewLine("quit"))
	p.giveUp()
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		p.kill()
	}
}
