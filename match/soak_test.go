//go:build unix

// The soak test: `dameo hub` against badengine misbehaving at random (noise,
// PDN delimiters, slow and late answers, hangs, crashes, lines too long,
// floods of output, forked sleepers), both started through a wrapper that
// forks a sleeper too. Every game must finish, be in the PDN file and replay
// legally; no process may be left; the runner's memory must stay bounded.
// Short by default; `go test ./match -run Soak -soak` plays 200 games.

package match

import (
	"bytes"
	"context"
	"flag"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/proctest"
)

var soak = flag.Bool("soak", false, "play the soak test long: 200 games instead of 8")

// heapLimit bounds the runner's heap during the soak test: the engines may
// write 45 MB in one go, of which the runner may hold 8 MiB per engine.
const heapLimit = 128 << 20

// peakHeap samples the heap until stop is called, which returns the peak.
func peakHeap() (stop func() uint64) {
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak
	}
}

func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a match")
	}
	games := 8
	if *soak {
		games = 200
	}
	bin := dameoHub(t)
	hubDir, badDir := t.TempDir(), t.TempDir()
	dameo := EngineSpec{Spec: hubclient.Spec{Name: "dameo", Command: proctest.Wrap(t, hubDir, bin, "hub"), Dir: hubDir, Options: []Option{{Name: "hash", Value: "8"}}}}
	bad := badEngine(t, "random", badDir, "-mode", "random", "-seed", "15", "-rate", "0.15")
	bad.Command = proctest.Wrap(t, badDir, bad.Command...)
	pdnPath := filepath.Join(t.TempDir(), "games.pdn")
	var out bytes.Buffer
	cfg := Config{
		Engines:     []EngineSpec{dameo, bad},
		Games:       games,
		Concurrency: 2,
		TC:          TimeControl{MoveTime: 20 * time.Millisecond},
		Margin:      time.Second, // a loaded test machine
		PDN:         pdnPath,
		DrawPlies:   40,
		MaxPlies:    150,
		Out:         &syncWriter{w: &out},
	}
	stop := peakHeap()
	s, err := Run(context.Background(), cfg)
	peak := stop()
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	t.Logf("%d games, terminations %v, %d starts of the bad engine, peak heap %d MB",
		s.Games, s.Pairings[0].Terminations, len(proctest.Pids(t, filepath.Join(badDir, proctest.EnginesFile))), peak>>20)
	if s.Games != games {
		t.Errorf("%d of %d games finished\n%s", s.Games, games, out.String())
	}
	recorded := readPDN(t, pdnPath)
	if len(recorded) != s.Games {
		t.Errorf("the PDN file holds %d games, %d finished", len(recorded), s.Games)
	}
	for _, g := range recorded {
		replay(t, g)
	}
	proctest.CheckNothingLeft(t, hubDir)
	proctest.CheckNothingLeft(t, badDir)
	if peak > heapLimit {
		t.Errorf("the runner's heap reached %d MB", peak>>20)
	}
}
