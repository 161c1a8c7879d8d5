//go:build !unix

// On systems other than Unix the engine is started as it is, and killing it
// kills its process only.

package hubclient

import (
	"os"
	"os/exec"
)

func newGroup(*exec.Cmd) {}

func killGroup(p *os.Process) {
	p.Kill()
}
