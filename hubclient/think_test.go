//go:build unix

// The search exchange with an engine written as a shell script: the lines
// sent, info and done read, pondering hit and missed, a search stopped by
// its context, an engine that does not stop, and lines a search refuses.

package hubclient

import (
	"context"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/hub"
)

// searcher records every line it reads in got.txt; go think is answered at
// once, go ponder and go analyze at stop (ponder also at ponder-hit).
const searcher = `
while read -r line; do
	echo "$line" >> got.txt
	case "$line" in
	"go think") echo 'info depth=3 score=0.25 nodes=100 nps=1.5 pv="c3-c4 f6-f5"'; echo; echo 'done move=c3-c4 ponder=f6-f5' ;;
	"go ponder"|"go analyze") echo 'info depth=1 score=NaN nodes=x multipv=2 pv=b2-b3'; searching=1 ;;
	ponder-hit) echo 'done move=b2-b3' ;;
	stop) if [ -n "$searching" ]; then echo 'info depth=2'; echo 'done move=a1-a2'; fi; searching= ;;
	"pos start moves=bad") echo 'error message="illegal move bad"' ;;
	ping) echo pong ;;
	esac
done
`

// got is the lines the searcher has read so far but ping, after a ping has
// gone round (so that it has read everything sent before).
func got(t *testing.T, e *Engine, dir string) []string {
	t.Helper()
	if err := e.Sync(context.Background(), soon()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dir + "/got.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l != "ping" {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestThink(t *testing.T) {
	e, dir := scriptEngine(t, searcher, false)
	var infos []Info
	done, err := e.Think(context.Background(), Position{Moves: []string{"c3-c4"}}, hub.Level{Clock: true, Time: time.Minute, Inc: time.Second},
		func(in Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatal(err)
	}
	if done.Move != "c3-c4" || done.Ponder != "f6-f5" || len(done.Errors) != 0 {
		t.Errorf("done %+v", done)
	}
	if len(infos) != 1 || infos[0].Depth != 3 || infos[0].Score != 0.25 || infos[0].Nodes != 100 || infos[0].NPS != 1.5 ||
		infos[0].MultiPV != 1 || !slices.Equal(infos[0].PV, []string{"c3-c4", "f6-f5"}) {
		t.Errorf("info %+v", infos)
	}
	want := []string{"pos start moves=c3-c4", "level time=60 inc=1", "go think"}
	if g := got(t, e, dir); !slices.Equal(g, want) {
		t.Errorf("sent %q, want %q", g, want)
	}
	if s := linesText(e); s != strings.Join(want, " | ") {
		t.Errorf("search lines %q", s)
	}
}

func linesText(e *Engine) string {
	var texts []string
	for _, l := range e.SearchLines() {
		texts = append(texts, l.String())
	}
	return strings.Join(texts, " | ")
}

func TestThinkCollectsErrors(t *testing.T) {
	e, _ := scriptEngine(t, searcher, false)
	done, err := e.Think(context.Background(), Position{Moves: []string{"bad"}}, hub.Level{Depth: 2}, nil)
	if err != nil || done.Move != "c3-c4" || !slices.Equal(done.Errors, []string{"illegal move bad"}) {
		t.Errorf("done %+v, %v", done, err)
	}
}

func TestPonderHit(t *testing.T) {
	e, dir := scriptEngine(t, searcher, false)
	pos := Position{Moves: []string{"c3-c4", "f6-f5"}}
	if err := e.Ponder(pos, hub.Level{MoveTime: time.Second}); err != nil {
		t.Fatal(err)
	}
	if !e.PondersOn(pos) || e.PondersOn(Position{Moves: pos.Moves[:1]}) {
		t.Error("PondersOn")
	}
	var infos []Info
	done, err := e.Think(context.Background(), pos, hub.Level{Depth: 9}, func(in Info) { infos = append(infos, in) })
	if err != nil || done.Move != "b2-b3" {
		t.Fatalf("done %+v, %v", done, err)
	}
	if len(infos) != 1 || !math.IsNaN(infos[0].Score) || infos[0].Nodes != 0 || infos[0].MultiPV != 2 {
		t.Errorf("the ponder search's info %+v", infos)
	}
	want := []string{`pos start moves="c3-c4 f6-f5"`, "level move-time=1", "go ponder", "ponder-hit"}
	if g := got(t, e, dir); !slices.Equal(g, want) {
		t.Errorf("sent %q, want %q", g, want)
	}
	if s := linesText(e); s != strings.Join(want, " | ") {
		t.Errorf("search lines %q", s)
	}
	if e.PondersOn(pos) {
		t.Error("pondering after the ponder-hit")
	}
	if _, err := e.Think(context.Background(), pos, hub.Level{Depth: 9}, nil); err != nil { // a new search: no ponder-hit
		t.Fatal(err)
	}
	if g := got(t, e, dir); g[len(g)-1] != "go think" {
		t.Errorf("after the ponder-hit, a second Think sent %q", g[len(want):])
	}
}

func TestPonderMiss(t *testing.T) {
	e, dir := scriptEngine(t, searcher, false)
	if err := e.Ponder(Position{Moves: []string{"c3-c4", "f6-f5"}}, hub.Level{}); err != nil {
		t.Fatal(err)
	}
	done, err := e.Think(context.Background(), Position{Moves: []string{"c3-c4", "g6-g5"}}, hub.Level{Depth: 1}, nil)
	if err != nil || done.Move != "c3-c4" {
		t.Fatalf("done %+v, %v", done, err)
	}
	want := []string{`pos start moves="c3-c4 f6-f5"`, "go ponder", "stop", `pos start moves="c3-c4 g6-g5"`, "level depth=1", "go think"}
	if g := got(t, e, dir); !slices.Equal(g, want) {
		t.Errorf("sent %q, want %q", g, want)
	}
	if err := e.Ponder(Position{}, hub.Level{}); err != nil {
		t.Fatal(err)
	}
	if err := e.StopPondering(context.Background()); err != nil {
		t.Errorf("StopPondering: %v", err)
	}
	if g := got(t, e, dir); g[len(g)-1] != "stop" {
		t.Errorf("StopPondering sent %q", g[len(g)-1])
	}
	if err := e.StopPondering(context.Background()); err != nil {
		t.Errorf("StopPondering without a ponder search: %v", err)
	}
	if g := got(t, e, dir); g[len(g)-1] != "stop" || len(g) != len(want)+3 {
		t.Errorf("StopPondering without a ponder search sent %q", g[len(want)+3:])
	}
	if err := e.Sync(context.Background(), soon()); err != nil { // the done of the stop was read, not left for later
		t.Error(err)
	}
}

func TestAnalyzeStoppedByContext(t *testing.T) {
	e, dir := scriptEngine(t, searcher, false)
	ctx, cancel := context.WithCancel(context.Background())
	var infos []Info
	done, err := e.Analyze(ctx, Position{Start: "Wxyz"}, hub.Level{}, func(in Info) {
		infos = append(infos, in)
		cancel()
	})
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrNoStop) || done.Move != "" {
		t.Errorf("done %+v, %v; want the context's error", done, err)
	}
	want := []string{"pos pos=Wxyz", "go analyze", "stop"}
	if g := got(t, e, dir); !slices.Equal(g, want) {
		t.Errorf("sent %q, want %q", g, want)
	}
	if len(infos) != 1 {
		t.Errorf("%d info lines; the one after stop is not passed on", len(infos))
	}
}

func TestThinkEngineIgnoresStop(t *testing.T) {
	e, _ := scriptEngine(t, `while read -r line; do :; done`, false)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := e.Think(ctx, Position{}, hub.Level{}, nil)
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrNoStop) {
		t.Errorf("error %v; want the deadline and ErrNoStop", err)
	}
}

func TestThinkRefusesGarbage(t *testing.T) {
	for script, why := range map[string]string{
		`read -r line; echo 'info pv="open'; sleep 1000`: "malformed line",
		`read -r line; echo 'ready'; sleep 1000`:         "unexpected command",
	} {
		e, _ := scriptEngine(t, script, false)
		_, err := e.Think(context.Background(), Position{}, hub.Level{}, nil)
		var g *GarbageError
		if !errors.As(err, &g) || !errors.Is(err, ErrGarbage) || !strings.Contains(g.Why, why) || g.Text == "" {
			t.Errorf("%s: error %v; want garbage (%s)", script, err, why)
		}
	}
}

func TestThinkEngineExits(t *testing.T) {
	e, _ := scriptEngine(t, `read -r line; exit 3`, false)
	if _, err := e.Think(context.Background(), Position{}, hub.Level{}, nil); !errors.Is(err, ErrExited) {
		t.Errorf("error %v", err)
	}
}
