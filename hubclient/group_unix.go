//go:build unix

// Process groups on Unix: the engine leads a group of its own, so that a
// Ctrl-C at the terminal does not reach it (the caller stops it) and so
// that its descendants can be killed with it.

package hubclient

import (
	"os"
	"os/exec"
	"syscall"
)

// group is the engine's process group.
type group struct{ pid int }

func newGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// joinGroup is the group the started engine p leads.
func joinGroup(p *os.Process) group { return group{p.Pid} }

// kill sends SIGKILL to the process group. The caller makes sure that its
// leader is not reaped yet, so that the group id is still its.
func (g group) kill() {
	syscall.Kill(-g.pid, syscall.SIGKILL)
}
