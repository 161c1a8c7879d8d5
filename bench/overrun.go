// The overrun benchmark: how long past a fixed move time a Hub engine
// answers, over many moves of self-play through the protocol, a fresh
// engine process for each game so that every first move (the one that
// pays for whatever the engine leaves to its first search) is counted.

package bench

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// OverrunConfig is what Overrun plays.
type OverrunConfig struct {
	Command  []string          // the engine's command line (a Hub engine)
	Params   []hubclient.Param // set-param lines before init (book=false is sent first)
	Moves    int               // moves to time, at least 1
	MoveTime time.Duration     // the fixed time of each move (level move-time)
	// GameMoves ends a game (and its engine) after this many moves, or
	// earlier at the game's end; 0 means 60.
	GameMoves int
	// Load is the number of CPU-bound goroutines kept busy beside the
	// engine while it plays (a loaded machine).
	Load int
	Seed uint64 // chooses the two random opening moves of each game
}

// Overruns are the answers' delays past the move time, one per move, in
// the order played (negative when the engine answered early).
type Overruns []time.Duration

// Max is the largest overrun.
func (o Overruns) Max() time.Duration { return slices.Max(o) }

// Percentile is the overrun that the share q (0 to 1) of the moves do
// not exceed.
func (o Overruns) Percentile(q float64) time.Duration {
	s := slices.Sorted(slices.Values(o))
	i := min(max(int(q*float64(len(s))+0.999999)-1, 0), len(s)-1)
	return s[i]
}

// String is "moves=<N> max=<ms> p99=<ms> median=<ms>".
func (o Overruns) String() string {
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	return fmt.Sprintf("moves=%d max=%.1fms p99=%.1fms median=%.1fms", len(o), ms(o.Max()), ms(o.Percentile(0.99)), ms(o.Percentile(0.5)))
}

// Overrun plays cfg.Moves moves of self-play, each game with a fresh
// engine from the start position after two random moves, and returns the
// time each answer took past cfg.MoveTime (from the go sent to the done
// read). It stops early with ctx's error when ctx ends.
func Overrun(ctx context.Context, cfg OverrunConfig) (Overruns, error) {
	if cfg.Moves < 1 || cfg.MoveTime <= 0 || len(cfg.Command) == 0 {
		return nil, errors.New("overrun: need a command, a positive move time and at least one move")
	}
	if cfg.GameMoves <= 0 {
		cfg.GameMoves = 60
	}
	stopLoad := busy(cfg.Load)
	defer stopLoad()
	rng := rand.New(rand.NewPCG(cfg.Seed, 1))
	var out Overruns
	for len(out) < cfg.Moves {
		n := min(cfg.GameMoves, cfg.Moves-len(out))
		got, err := overrunGame(ctx, cfg, rng, n)
		out = append(out, got...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// overrunGame plays one game of at most n timed moves with a new engine.
func overrunGame(ctx context.Context, cfg OverrunConfig, rng *rand.Rand, n int) (Overruns, error) {
	spec := hubclient.Spec{Command: cfg.Command, Options: append([]hubclient.Param{{Name: "book", Value: "false"}}, cfg.Params...)}
	e, err := hubclient.Launch(ctx, spec, 30*time.Second, nil)
	if err != nil {
		return nil, err
	}
	defer e.Close()
	g := engine.NewGame(engine.StartPosition())
	var pos hubclient.Position
	for range 2 {
		p := g.Position()
		moves := p.LegalMoves()
		m := moves[rng.IntN(len(moves))]
		pos.Moves = append(pos.Moves, p.FormatMove(m))
		g.Play(m)
	}
	var out Overruns
	for len(out) < n && g.Result() == engine.Ongoing {
		done, err := e.Think(ctx, pos, hub.Level{MoveTime: cfg.MoveTime}, nil)
		if err != nil {
			return out, err
		}
		out = append(out, done.Elapsed-cfg.MoveTime)
		if _, err := g.PlayText(done.Move); err != nil {
			return out, fmt.Errorf("the engine played %q: %v", done.Move, err)
		}
		pos.Moves = append(pos.Moves, done.Move)
	}
	return out, nil
}

// busy starts n goroutines that keep a CPU busy each, and returns the
// function that ends them. They stand for other programs' jobs, so they
// get processors of their own (GOMAXPROCS grows by n): otherwise they
// would hold this process's processors and the goroutine that reads the
// engine's answer would wait for Go's 10 ms preemption, measuring the
// benchmark instead of the engine.
func busy(n int) func() {
	var stop sync.WaitGroup
	quit := make(chan struct{})
	procs := runtime.GOMAXPROCS(0)
	runtime.GOMAXPROCS(procs + n)
	for range n {
		stop.Go(func() {
			runtime.LockOSThread()
			x := uint64(1)
			for {
				select {
				case <-quit:
					return
				default:
				}
				for range 1 << 16 {
					x = x*6364136223846793005 + 1442695040888963407
				}
				spin.Store(x)
			}
		})
	}
	return func() {
		close(quit)
		stop.Wait()
		runtime.GOMAXPROCS(procs)
	}
}

// spin keeps the busy goroutines' work from being optimised away.
var spin atomic.Uint64
