//go:build unix

// Tests of Launch with engines written as shell scripts: the start-up
// lines and the remark on an undeclared option; an engine that fails its
// start-up is killed with what it started; Close ends an engine that
// ignores quit.

package hubclient

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/proctest"
)

// launchScript launches script (run through proctest's wrapper) with
// options; the remarks of the log are returned with the engine.
func launchScript(t *testing.T, script string, options []Param) (*Engine, string, *[]string, error) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "engine.sh")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var remarks []string
	spec := Spec{Name: "script", Command: proctest.Wrap(t, dir, "sh", path), Dir: dir, Options: options}
	e, err := Launch(context.Background(), spec, 60*time.Second, func(dir byte, text string) {
		if dir == '!' {
			mu.Lock()
			remarks = append(remarks, text)
			mu.Unlock()
		}
	})
	if e != nil {
		t.Cleanup(e.Kill)
	}
	return e, dir, &remarks, err
}

const launchEngine = `
while read -r line; do
	echo "$line" >> got.txt
	case "$line" in
	hub) echo 'param name=hash value=1'; echo wait ;;
	init) echo ready ;;
	ping) echo pong ;;
	esac
done
`

func TestLaunch(t *testing.T) {
	e, dir, remarks, err := launchScript(t, launchEngine, []Param{{"hash", "16"}, {"book-file", "my book"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"hub", "set-param name=hash value=16", `set-param name=book-file value="my book"`, "init"}
	if g := got(t, e, dir); !slices.Equal(g, want) {
		t.Errorf("sent %q, want %q", g, want)
	}
	if len(*remarks) != 1 || !strings.Contains((*remarks)[0], `does not declare the parameter "book-file"`) {
		t.Errorf("remarks %q, want one on book-file", *remarks)
	}
	e.Close()
	e.Close() // a second Close does nothing
	if e.Alive() {
		t.Error("the engine is alive after Close")
	}
	proctest.CheckNothingLeft(t, dir)
}

func TestLaunchFailureKills(t *testing.T) {
	for _, c := range []struct {
		name, script string
		options      []Param
		why          string
	}{
		{"refused", `while read -r line; do case "$line" in hub) echo wait ;; init) echo 'error message="no such book"' ;; esac; done`,
			nil, "refused a setting: no such book"},
		{"unsendable", launchEngine, []Param{{"book", "x\ny"}}, "parameter book"},
		{"exits", "read -r line; exit 3", nil, "start-up (hub ... wait)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, dir, _, err := launchScript(t, c.script, c.options)
			if e != nil || err == nil || !strings.Contains(err.Error(), c.why) {
				t.Fatalf("Launch gave %v, %v; want no engine and an error saying %q", e, err, c.why)
			}
			proctest.CheckNothingLeft(t, dir)
		})
	}
	if _, err := Launch(context.Background(), Spec{Command: []string{filepath.Join(t.TempDir(), "none")}}, time.Minute, nil); err == nil ||
		!strings.Contains(err.Error(), "cannot start") {
		t.Errorf("Launch of a missing program: %v", err)
	}
}

func TestCloseKillsAnEngineThatStays(t *testing.T) {
	e, dir, _, err := launchScript(t, `while read -r line; do case "$line" in hub) echo wait ;; init) echo ready ;; esac; done; sleep 1000`, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
	if e.Alive() {
		t.Error("the engine is alive after Close")
	}
	proctest.CheckNothingLeft(t, dir)
}
