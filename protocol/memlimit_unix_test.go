// An engine under an address-space limit (ulimit -v) asked for the largest
// hash: it shrinks its table with a warning and plays, instead of dying
// out of memory before ready.

//go:build linux

package protocol

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/search"
)

func TestHashWithinTheAddressSpaceLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in short mode")
	}
	// The race detector maps terabytes of shadow memory: this binary is
	// built without it.
	bin := testbin.Build(t, "cmd/dameo", false)
	const limitKiB = 5 << 19 // 2.5 GiB, the Go runtime alone mapping some 1.7 GiB
	cmd := exec.Command("sh", "-c", `ulimit -v `+strconv.Itoa(limitKiB)+` && exec "$0" hub`, bin)
	h, stderr := startEngine(t, cmd)
	h.send("hub")
	h.until("wait")
	h.send("set-param name=hash value="+strconv.Itoa(search.MaxHashMiB), "init")
	h.expect("ready")
	h.send("pos start", "level depth=2", "go think")
	h.until("done move=")
	h.send("quit")
	if err := <-h.result; err != nil {
		t.Fatalf("the engine: %v", err)
	}
	if !strings.Contains(stderr.String(), "warning: hash") {
		t.Errorf("no warning that the table was shrunk; stderr: %s", stderr.String())
	}
}
