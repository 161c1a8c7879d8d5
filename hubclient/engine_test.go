//go:build unix

// Tests with engines written as shell scripts: the handshake and sync, a
// refused setting, deadlines, the line length bound, and that killing,
// quitting or the engine's own exit leave no process behind — not even
// a sleeper the engine forked, which keeps its output open.

package hubclient

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/internal/proctest"
)

// engineLoop answers the handshake, ping and quit; $1 of its lines is what
// the engine does before answering hub.
const engineLoop = `
while read -r line; do
	case "$line" in
	hub) echo "id name=script version=1"; echo "param name=threads value=1 type=int"; echo wait ;;
	init) echo ready ;;
	ping) echo pong ;;
	quit) exit 0 ;;
	esac
done
`

// scriptEngine starts the shell script in a temporary folder, through
// proctest's wrapper that forks a sleeper when wrapped is set, and returns
// the engine and the folder.
func scriptEngine(t *testing.T, script string, wrapped bool) (*Engine, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "engine.sh")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	command := []string{"sh", path}
	if wrapped {
		command = proctest.Wrap(t, dir, command...)
	}
	var log strings.Builder
	e, err := Start(command, Options{Dir: dir, Log: func(dir byte, text string) {
		log.WriteByte(dir)
		log.WriteString(text[:min(len(text), 200)]) // a line of any length costs the log little
		log.WriteByte('\n')
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		e.Kill()
		if t.Failed() {
			t.Logf("engine log:\n%s", log.String())
		}
	})
	return e, dir
}

func soon() time.Time { return time.Now().Add(20 * time.Second) }

func TestHandshakeAndSync(t *testing.T) {
	e, _ := scriptEngine(t, "echo 'a banner'\n"+engineLoop, false)
	ctx := context.Background()
	id, err := e.Handshake(ctx, soon())
	if err != nil {
		t.Fatal(err)
	}
	if name, _ := id.ID.Get("name"); name != "script" {
		t.Errorf("id %v", id.ID)
	}
	if !id.Declares("threads") || id.Declares("hash") || len(id.Params) != 1 {
		t.Errorf("params %v", id.Params)
	}
	if err := e.SetParam("threads", "2"); err != nil {
		t.Fatal(err)
	}
	if err := e.SetParam("book", "false\nquit"); err == nil {
		t.Error("a value with a newline was sent")
	}
	if err := e.Init(ctx, soon()); err != nil {
		t.Fatal(err)
	}
	if err := e.Sync(ctx, soon()); err != nil {
		t.Fatal(err)
	}
	if !e.Alive() {
		t.Error("the engine is not alive")
	}
	e.Close()
	if e.Alive() {
		t.Error("the engine is alive after quit")
	}
	proctest.CheckGone(t, "engine", []int{e.Pid()})
	if _, err := e.ReadLine(ctx, time.Time{}); !errors.Is(err, ErrExited) {
		t.Errorf("reading after quit: %v", err)
	}
	if err := e.Send(hub.NewLine("ping")); !errors.Is(err, ErrExited) {
		t.Errorf("sending after quit: %v", err)
	}
}

func TestInitRefused(t *testing.T) {
	e, _ := scriptEngine(t, `
while read -r line; do
	case "$line" in
	hub) echo wait ;;
	init) echo 'info depth=1'; echo 'error message="bad hash"' ;;
	esac
done
`, false)
	ctx := context.Background()
	if _, err := e.Handshake(ctx, soon()); err != nil {
		t.Fatal(err)
	}
	if err := e.Init(ctx, soon()); err == nil || !strings.Contains(err.Error(), "refused a setting: bad hash") {
		t.Errorf("init: %v", err)
	}
}

func TestReadLineWaits(t *testing.T) {
	e, _ := scriptEngine(t, engineLoop, false)
	if _, err := e.ReadLine(context.Background(), time.Now().Add(50*time.Millisecond)); !errors.Is(err, ErrTimeout) {
		t.Errorf("past the deadline: %v", err)
	}
	if _, err := e.ReadLine(context.Background(), time.Now().Add(-time.Second)); !errors.Is(err, ErrTimeout) {
		t.Errorf("with a deadline passed: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.ReadLine(ctx, time.Time{}); !errors.Is(err, context.Canceled) {
		t.Errorf("with a cancelled context: %v", err)
	}
	if _, err := e.Handshake(context.Background(), soon()); err != nil {
		t.Errorf("the engine is not usable after the timeouts: %v", err)
	}
}

func TestStartFailure(t *testing.T) {
	if _, err := Start([]string{filepath.Join(t.TempDir(), "no-such-engine")}, Options{}); err == nil || !strings.Contains(err.Error(), "cannot start") {
		t.Errorf("error %v", err)
	}
	if _, err := Start(nil, Options{}); err == nil {
		t.Error("no error without a command")
	}
}

func TestLongLine(t *testing.T) {
	e, _ := scriptEngine(t, `head -c 3000000 /dev/zero | tr '\0' x; echo; echo pong; sleep 1000`, false)
	_, err := e.ReadLine(context.Background(), soon())
	var garbage *GarbageError
	if !errors.As(err, &garbage) || garbage.Why != "a line longer than 1048576 bytes" {
		t.Fatalf("a 3 MB line read with error %v, want garbage with the reason", err)
	}
	if _, err := e.ReadLine(context.Background(), time.Now().Add(100*time.Millisecond)); !errors.Is(err, ErrTimeout) {
		t.Errorf("the output after a line too long was not discarded: %v", err)
	}
}

// The ways an engine ends: each must leave neither the engine unreaped nor
// the sleeper it forked running.
func TestNothingLeftBehind(t *testing.T) {
	for _, c := range []struct {
		name   string
		script string
		stop   func(t *testing.T, e *Engine)
	}{
		{"kill", engineLoop, func(t *testing.T, e *Engine) { e.Kill() }},
		{"quit", engineLoop, func(t *testing.T, e *Engine) { e.Close() }},
		{"quit-ignored", `while read -r line; do [ "$line" = hub ] && echo wait; done; sleep 1000`,
			func(t *testing.T, e *Engine) { e.Close() }},
		// The crash reads hub first: exiting before the client writes it
		// would fail the handshake with a broken pipe instead.
		{"crash", "read -r line; echo wait; printf 'last words'; exit 3", func(t *testing.T, e *Engine) {
			text, err := e.ReadLine(context.Background(), soon())
			if err != nil || text != "last words" {
				t.Errorf("the last line without a line end: %q, %v", text, err)
			}
			_, err = e.ReadLine(context.Background(), soon())
			if !errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "exit status 3") {
				t.Errorf("after the crash: %v", err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, dir := scriptEngine(t, c.script, true)
			if _, err := e.Handshake(context.Background(), soon()); err != nil {
				t.Fatal(err)
			}
			c.stop(t, e)
			proctest.CheckNothingLeft(t, dir)
		})
	}
}

// An engine may write much more than is read: what waits for the reader is
// bounded, the engine is held up, and nothing is lost.
func TestUnreadOutputIsBounded(t *testing.T) {
	const lines, length = 300, 900_000
	e, _ := scriptEngine(t, fmt.Sprintf(`line=$(head -c %d /dev/zero | tr '\0' x)
i=0
while [ $i -lt %d ]; do echo "$line"; i=$((i+1)); done
echo end
sleep 1000`, length, lines), false)
	time.Sleep(2 * time.Second) // the engine writes while nothing reads
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapAlloc > 64<<20 {
		t.Errorf("%d MB of heap with %d MB written and nothing read", m.HeapAlloc>>20, lines*length>>20)
	}
	for i := range lines {
		text, err := e.ReadLine(context.Background(), soon())
		if err != nil || len(text) != length {
			t.Fatalf("line %d: %d bytes, %v", i+1, len(text), err)
		}
	}
	if text, err := e.ReadLine(context.Background(), soon()); text != "end" || err != nil {
		t.Errorf("last line %q, %v", text, err)
	}
}

func TestReceive(t *testing.T) {
	e, _ := scriptEngine(t, `echo; echo '  '; echo 'info depth=1 pv="c3-c4 c6-c5"'; echo 'info pv="unclosed'; printf 'done move=c3-c4\r\n'`, false)
	ctx := context.Background()
	l, err := e.Receive(ctx, soon())
	if err != nil || l.Command != "info" || value(l, "pv") != "c3-c4 c6-c5" {
		t.Errorf("first line %v, %v; want the info line, blank lines skipped", l, err)
	}
	if l, err := e.Receive(ctx, soon()); !errors.Is(err, ErrGarbage) || !strings.Contains(err.Error(), "malformed line") {
		t.Errorf("a malformed line read as %v, %v", l, err)
	}
	if l, err := e.Receive(ctx, soon()); err != nil || l.Command != "done" || value(l, "move") != "c3-c4" {
		t.Errorf("the line after the garbage: %v, %v", l, err)
	}
	if _, err := e.Receive(ctx, soon()); !errors.Is(err, ErrExited) {
		t.Errorf("after the engine's end: %v", err)
	}
}

// value is the value of l's argument name, "" without one.
func value(l hub.Line, name string) string {
	v, _ := l.Get(name)
	return v
}
