//go:build unix

// Engine processes on Unix run in their own process group, so that the
// Ctrl-C meant for the bot does not stop them in the middle of a game (the
// bot ends them itself), and a killed engine takes its children with it.

package bot

import (
	"os/exec"
	"syscall"
)

func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
