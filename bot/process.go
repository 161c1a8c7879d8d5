// The engine as a child process speaking Hub on its standard input and
// output: its own process group, its output read by a goroutine into a
// channel, its standard error copied to the log, and killed on Close if it
// does not quit.

package bot

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/dameo/dameo/hub"
)

// maxEngineLine bounds one line of engine output.
const maxEngineLine = 1 << 20

// quitTimeout is how long Close waits for the engine to exit after quit.
const quitTimeout = time.Second

// process is an engine running as a child process.
type process struct {
	name   string // for the log
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // standard output; closed when it ends
	exited chan struct{} // closed once the process has been waited for
	log    *logger
}

// startProcess starts command (the program and its arguments).
func startProcess(command []string, name string, log *logger) (*process, error) {
	if len(command) == 0 {
		return nil, errors.New("no engine command")
	}
	cmd := exec.Command(command[0], command[1:]...)
	ownProcessGroup(cmd)
	cmd.WaitDelay = time.Second
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
		return nil, fmt.Errorf("cannot start the engine %q: %v", strings.Join(command, " "), err)
	}
	p := &process{name: name, cmd: cmd, stdin: stdin, lines: make(chan string, 256), exited: make(chan struct{}), log: log}
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 4096), maxEngineLine)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		io.Copy(io.Discard, stdout)
	}()
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.printf("%s engine stderr: %s", name, sc.Text())
		}
		io.Copy(io.Discard, stderr)
	}()
	go func() {
		cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// Send writes one line; a line the codec refuses is not sent.
func (p *process) Send(l hub.Line) error {
	text, err := l.Format()
	if err != nil {
		return err
	}
	if _, err := io.WriteString(p.stdin, text+"\n"); err != nil {
		return fmt.Errorf("engine: %v", err)
	}
	return nil
}

// Receive returns the next line that is not blank.
func (p *process) Receive(ctx context.Context) (hub.Line, error) {
	for {
		select {
		case text, ok := <-p.lines:
			if !ok {
				return hub.Line{}, errors.New("the engine exited")
			}
			l, err := hub.Parse(text)
			if err != nil {
				return hub.Line{}, fmt.Errorf("engine: %v", err)
			}
			if l.Command != "" {
				return l, nil
			}
		case <-ctx.Done():
			return hub.Line{}, ctx.Err()
		}
	}
}

// Close sends quit, and kills the process group unless the engine exits
// within quitTimeout.
func (p *process) Close() error {
	p.Send(hub.NewLine("quit"))
	p.stdin.Close()
	go func() { // unblock the reader, which ends with the output
		for range p.lines {
		}
	}()
	select {
	case <-p.exited:
		return nil
	case <-time.After(quitTimeout):
	}
	killProcessGroup(p.cmd)
	<-p.exited
	return errors.New("the engine did not quit; killed")
}
