//go:build !unix && !windows

// On systems other than Unix and Windows the engine is started as it is,
// and killing it kills its process only.

package hubclient

import (
	"os"
	"os/exec"
)

// group is the engine alone.
type group struct{ p *os.Process }

func newGroup(*exec.Cmd) {}

func joinGroup(p *os.Process) group { return group{p} }

func (g group) kill() {
	g.p.Kill()
}
