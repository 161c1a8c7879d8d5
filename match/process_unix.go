//go:build unix

// Engine processes on Unix run in their own process group, so that the
// Ctrl-C meant for the runner does not kill them mid-game (the runner
// stops them itself).

package match

import (
	"os/exec"
	"syscall"
)

func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
