// The engineConn of a real engine: a child process with Hub lines on its
// standard input and output. Its output is read by a goroutine into a
// channel; Close ends the process and, on Unix, its whole process group.
// (To be replaced by package hubclient once that exists.)

package gui

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
)

// maxEngineLine bounds one line of engine output; longer lines end the reading.
const maxEngineLine = 1 << 20

// process is a running engine program.
type process struct {
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	lines     chan hub.Line
	done      chan struct{} // closed by Close: the reader stops delivering
	exited    chan struct{} // closed once the process has been waited for
	writeMu   sync.Mutex
	closeOnce sync.Once
}

// startProcess starts spec's command. Its standard error is discarded, and
// output lines that are not Hub lines are skipped.
func startProcess(spec EngineSpec) (engineConn, error) {
	if len(spec.Command) == 0 {
		return nil, fmt.Errorf("engine %s: no command", spec.Name)
	}
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	cmd.WaitDelay = time.Second
	ownProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: cannot start %q: %v", spec.Name, strings.Join(spec.Command, " "), err)
	}
	p := &process{cmd: cmd, stdin: stdin, lines: make(chan hub.Line, 256),
		done: make(chan struct{}), exited: make(chan struct{})}
	go p.read(stdout)
	return p, nil
}

// read delivers the engine's lines until its output ends or Close, then
// waits for the process.
func (p *process) read(stdout io.Reader) {
	defer close(p.exited)
	defer p.cmd.Wait()
	defer close(p.lines)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 4096), maxEngineLine)
	for sc.Scan() {
		l, err := hub.Parse(sc.Text())
		if err != nil || l.Command == "" {
			continue
		}
		select {
		case p.lines <- l:
		case <-p.done:
			return
		}
	}
}

func (p *process) Lines() <-chan hub.Line { return p.lines }

// Send writes one line; a line hub refuses to format is not sent.
func (p *process) Send(l hub.Line) error {
	text, err := l.Format()
	if err != nil {
		return err
	}
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	if _, err := io.WriteString(p.stdin, text+"\n"); err != nil {
		return fmt.Errorf("%w (%v)", errEngineExited, err)
	}
	return nil
}

// Close asks the engine to quit, kills its process group if it has not
// exited within half a second, and waits until the process has been reaped.
func (p *process) Close() {
	p.closeOnce.Do(func() {
		p.Send(hub.NewLine("quit"))
		p.stdin.Close()
		close(p.done)
		select {
		case <-p.exited:
		case <-time.After(500 * time.Millisecond):
			killProcessGroup(p.cmd)
			<-p.exited
		}
	})
}
