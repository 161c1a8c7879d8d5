// Build's shared folder: a program built again by a new test process (here,
// after forgetting the builds of this one) is the same file, not linked
// again (go build writes a new link as a new file, and only touches the
// time of one that is up to date).

package testbin

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestBuildReusesAnUpToDateProgram(t *testing.T) {
	if _, err := os.UserCacheDir(); err != nil {
		t.Skipf("no cache folder here (%v): each process builds into its own", err)
	}
	if _, ok := lock(os.DevNull); !ok {
		t.Skip("no lock on this system: each process builds into its own")
	}
	bin := Build(t, "internal/testbin/testdata/hello", false)
	if out, err := exec.Command(bin).Output(); err != nil || strings.TrimSpace(string(out)) != "hello" {
		t.Fatalf("%s: %q, %v", bin, out, err)
	}
	before, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	binary, tmp = map[string]string{}, "" // as a new test process starts
	mu.Unlock()
	again := Build(t, "internal/testbin/testdata/hello", false)
	after, err := os.Stat(again)
	if err != nil {
		t.Fatal(err)
	}
	if again != bin || !os.SameFile(before, after) {
		t.Errorf("built again: %s then %s, not the same file: linked again", bin, again)
	}
}
