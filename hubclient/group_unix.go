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

func newGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup sends SIGKILL to the process group p leads. The caller makes
// sure that p is not reaped yet, so that the group id is still p's.
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
}
