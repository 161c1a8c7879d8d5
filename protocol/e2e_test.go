// End-to-end tests: build the dameo binary and drive `dameo hub` through
// pipes as a front-end does (handshake, a short game against itself with
// legal moves only, pondering, a search stopped at once, analysis with
// multipv, quit and EOF in the middle of a search, the exchange log).

package protocol

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/internal/racetest"
	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/internal/testio"
)

// TestMain removes the binary built for the end-to-end tests.
func TestMain(m *testing.M) { testbin.Main(m) }

// dameoBinary builds ./cmd/dameo once for all end-to-end tests (with the
// race detector when the tests run under it). They are skipped in short
// mode.
func dameoBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test skipped in short mode")
	}
	return testbin.Build(t, "cmd/dameo", racetest.Enabled)
}

// startHub runs `dameo hub args...` and wraps it in a harness.
func startHub(t *testing.T, args ...string) *harness {
	t.Helper()
	h, _ := startEngine(t, exec.Command(dameoBinary(t), append([]string{"hub"}, args...)...))
	return h
}

// startEngine runs cmd, an engine, and wraps it in a harness; the buffer
// receives its standard error.
func startEngine(t *testing.T, cmd *exec.Cmd) (*harness, *bytes.Buffer) {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, out := testio.StartPiped(t, cmd)
	h := &harness{t: t, in: in, result: make(chan error, 1), skipInfo: true}
	h.out = testio.Lines(out, func() {
		err := cmd.Wait()
		if err != nil {
			err = errors.New(err.Error() + "; stderr: " + stderr.String())
		}
		h.result <- err
	})
	t.Cleanup(func() {
		in.Close()
		cmd.Process.Kill()
	})
	return h, &stderr
}

func TestHubHandshake(t *testing.T) {
	h := startHub(t)
	h.send("hub")
	h.expectPrefix("id name=dameo version=")
	_, params := h.until("wait")
	names := map[string]bool{}
	for _, p := range params {
		l, err := hub.Parse(p)
		if err != nil || l.Command != "param" {
			t.Fatalf("bad line %q in the hub answer", p)
		}
		n, _ := l.Get("name")
		names[n] = true
	}
	for _, n := range []string{"threads", "hash", "book", "book-file", "ponder", "multipv", "move-overhead", "full-width", "combinations"} {
		if !names[n] {
			t.Errorf("parameter %s not declared", n)
		}
	}
	h.send("set-param name=hash value=8", "set-param name=threads value=1", "init")
	h.expect("ready")
	h.sync()
	h.send("quit")
	h.ended()
}

// TestHubSelfPlay plays a short game of the engine against itself at tiny
// limits, the front-end checking every move against the legal moves.
func TestHubSelfPlay(t *testing.T) {
	h := startHub(t)
	h.send("set-param name=hash value=8", "init")
	h.expect("ready")
	g := engine.NewGame(engine.StartPosition())
	var played []string
	levels := []string{"level depth=3", "level nodes=2000", "level move-time=0.01", "level time=0.3 inc=0.01", "level moves=20 time=0.5"}
	for ply := 0; ply < 30; ply++ {
		h.send(`pos moves="`+strings.Join(played, " ")+`"`, "moves")
		l, err := hub.Parse(h.expectPrefix("moves list="))
		if err != nil {
			t.Fatal(err)
		}
		list, _ := l.Get("list")
		result, _ := l.Get("result")
		if want := g.Result().String(); result != want {
			t.Fatalf("ply %d: result=%s, want %s", ply, result, want)
		}
		if result != "none" {
			break
		}
		h.send(levels[ply%len(levels)], "go think")
		done, infos := h.until("done")
		for _, info := range infos {
			if !strings.HasPrefix(info, "info depth=") {
				t.Fatalf("ply %d: unexpected line %q", ply, info)
			}
		}
		dl, err := hub.Parse(done)
		if err != nil {
			t.Fatal(err)
		}
		mv, ok := dl.Get("move")
		if !ok || !containsWord(list, mv) {
			t.Fatalf("ply %d: %q is not one of the legal moves %q", ply, done, list)
		}
		if _, err := g.PlayText(mv); err != nil {
			t.Fatal(err)
		}
		played = append(played, mv)
	}
	if len(played) < 10 {
		t.Errorf("only %d moves played", len(played))
	}
	h.finish()
}

// containsWord reports whether the space-separated list holds w.
func containsWord(list, w string) bool {
	for _, x := range strings.Fields(list) {
		if x == w {
			return true
		}
	}
	return false
}

func TestHubPonder(t *testing.T) {
	h := startHub(t)
	// Without the book: a book move would be held with no search to watch.
	h.send("set-param name=hash value=8", "set-param name=ponder value=true", "set-param name=book value=false", "init")
	h.expect("ready")
	// ponder-hit: no done before it, then a timed search.
	h.send("pos moves=c3-c4", "level time=2 inc=0", "go ponder")
	h.expectPrefix("info ")
	h.sync()
	time.Sleep(100 * time.Millisecond)
	h.sync() // still no done
	h.send("ponder-hit")
	done, _ := h.until("done")
	if !strings.HasPrefix(done, "done move=") {
		t.Errorf("after ponder-hit: %q", done)
	}
	// stop: done at once.
	h.send("pos moves=c3-c4", "level time=2 inc=0", "go ponder")
	h.expectPrefix("info ")
	h.send("stop")
	done, _ = h.until("done")
	if !strings.HasPrefix(done, "done move=") {
		t.Errorf("after stop: %q", done)
	}
	h.sync()
	// ponder-hit right after go ponder, perhaps before the search has
	// started: the timed search still ends on its own.
	for i := 0; i < 5; i++ {
		h.send("pos moves=c3-c4", "level time=0.2 inc=0", "go ponder", "ponder-hit")
		h.until("done")
	}
	h.sync()
	h.finish()
}

// TestHubStopAtOnce: a search stopped as soon as it starts answers a
// searched move: not h1-h2, the first move generated here, which loses a
// man to h3xh1.
func TestHubStopAtOnce(t *testing.T) {
	h := startHub(t)
	h.send("set-param name=hash value=8", "set-param name=book value=false", "init")
	h.expect("ready")
	for _, next := range []string{"stop", "level depth=3", "new-game"} {
		h.send(`pos fen="8/8/8/8/8/7b/1w6/7w w"`, "go think", next)
		done, _ := h.until("done")
		if !strings.HasPrefix(done, "done move=") || strings.HasPrefix(done, "done move=h1-h2") {
			t.Errorf("go think, then %s at once: %q", next, done)
		}
	}
	h.sync()
	h.finish()
}

func TestHubAnalyze(t *testing.T) {
	h := startHub(t)
	h.send("set-param name=hash value=8", "set-param name=multipv value=3", "init")
	h.expect("ready")
	h.send("level depth=4", "go analyze")
	done, infos := h.until("done")
	seen := map[string]bool{}
	for _, info := range infos {
		l, err := hub.Parse(info)
		if err != nil || l.Command != "info" {
			t.Fatalf("unexpected line %q", info)
		}
		k, _ := l.Get("multipv")
		seen[k] = true
	}
	for _, k := range []string{"1", "2", "3"} {
		if !seen[k] {
			t.Errorf("no info with multipv=%s in %q", k, infos)
		}
	}
	if !strings.HasPrefix(done, "done move=") {
		t.Errorf("done line %q", done)
	}
	// Infinite analysis until stop.
	h.send("go analyze")
	h.expectPrefix("info ")
	h.sync()
	h.send("stop")
	h.until("done")
	h.sync()
	h.finish()
}

func TestHubEndMidSearch(t *testing.T) {
	for _, last := range []string{"", "quit"} {
		h := startHub(t)
		h.send("go analyze")
		h.expectPrefix("info ")
		if last != "" {
			h.send(last)
		}
		began := time.Now()
		h.finish() // exit status 0 and nothing more written
		if d := time.Since(began); d > 5*time.Second {
			t.Errorf("exit after %q took %v", last, d)
		}
	}
}

func TestHubLog(t *testing.T) {
	logFile := filepath.Join(t.TempDir(), "hub.log")
	h := startHub(t, "--log", logFile)
	h.send("ping")
	h.expect("pong")
	h.send("bogus")
	h.expectPrefix("error ")
	h.send("quit")
	h.ended()
	data, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{" recv ping\n", " send pong\n", " recv bogus\n", " send error message=", " recv quit\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("log lacks %q:\n%s", want, data)
		}
	}
	// A log file that cannot be opened is a usage error (status 2).
	err = exec.Command(dameoBinary(t), "hub", "--log", filepath.Join(t.TempDir(), "no", "such", "dir", "x.log")).Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Errorf("bad --log path: %v, want exit status 2", err)
	}
}
