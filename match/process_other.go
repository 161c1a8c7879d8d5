//go:build !unix

// On systems other than Unix engine processes are started as they are.

package match

import "os/exec"

func detach(*exec.Cmd) {}
