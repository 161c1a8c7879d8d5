//go:build !unix

// Engine processes elsewhere than on Unix are started as they are and
// killed alone.

package gui

import "os/exec"

func ownProcessGroup(*exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
