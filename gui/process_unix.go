//go:build unix

// Engine processes on Unix run in a process group of their own, so that
// Close ends whatever the engine started too, and Ctrl-C meant for the
// server does not reach them before the server has closed them.

package gui

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
