//go:build !unix

// On systems other than Unix engine processes are started as they are and
// killed alone.

package bot

import "os/exec"

func ownProcessGroup(*exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
