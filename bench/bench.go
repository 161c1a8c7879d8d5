// The benchmark runner: searches each bench position to a fixed depth with a
// fresh table and reports one line per position and the total.

package bench

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// The defaults of `dameo bench`, at which its node count with one thread
// is the Signature.
const (
	// DefaultDepth takes some 5 to 15 seconds on one thread.
	DefaultDepth = 10
	// DefaultHashMiB is the transposition table size in MiB.
	DefaultHashMiB = 16
)

// Positions are the bench positions.
func Positions() ([]engine.Position, error) {
	var ps []engine.Position
	for i, line := range strings.Split(strings.TrimSpace(positionText), "\n") {
		p, err := engine.ParsePosition(line)
		if err != nil {
			return nil, fmt.Errorf("bench position %d %q: %v", i+1, line, err)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// Summary is the total of a bench run.
type Summary struct {
	Nodes     int64
	Time      time.Duration
	Positions int // positions searched
}

// NPS is the nodes searched per second.
func (s Summary) NPS() int64 { return int64(float64(s.Nodes) / max(s.Time.Seconds(), 1e-9)) }

// TimeToDepth is the mean time a position took to reach the bench depth: a
// change that searches fewer nodes to the same depth shows in it as the
// speed-up it is, where the nodes per second may not change or even fall.
func (s Summary) TimeToDepth() time.Duration {
	return s.Time / time.Duration(max(s.Positions, 1))
}

// String is the final line of a run:
// "bench: nodes=<N> time=<seconds> nps=<N> ttd=<seconds>", ttd the time to
// depth.
func (s Summary) String() string {
	return fmt.Sprintf("bench: nodes=%d time=%.3f nps=%d ttd=%.4f", s.Nodes, s.Time.Seconds(), s.NPS(), s.TimeToDepth().Seconds())
}

// Run searches every position to depth with the options, starting each
// search with a cleared table (so the count does not depend on the order),
// writes one line per position to out and returns the total. It stops
// early, returning ctx's error, when ctx is cancelled. Options outside the
// search's bounds and a depth outside 1 to search.MaxDepth are errors.
func Run(ctx context.Context, opts search.Options, depth int, out io.Writer) (Summary, error) {
	if err := opts.Validate(); err != nil {
		return Summary{}, err
	}
	if depth < 1 || depth > search.MaxDepth {
		return Summary{}, fmt.Errorf("bench depth must be 1 to %d, not %d", search.MaxDepth, depth)
	}
	ps, err := Positions()
	if err != nil {
		return Summary{}, err
	}
	s := search.New(opts)
	var sum Summary
	for i, p := range ps {
		s.NewGame()
		s.WaitIdle() // the clearing is not part of the benchmark
		start := time.Now()
		res := s.Search(ctx, engine.NewGame(p), search.Limits{Depth: depth}, nil)
		elapsed := time.Since(start)
		if err := ctx.Err(); err != nil {
			return sum, err
		}
		sum.Nodes += res.Nodes
		sum.Time += elapsed
		sum.Positions++
		best := "none"
		if res.HasMove {
			best = p.FormatMove(res.Move)
		}
		fmt.Fprintf(out, "position %d/%d: nodes=%d time=%.3f score=%.2f best=%s\n",
			i+1, len(ps), res.Nodes, elapsed.Seconds(), float64(res.Score)/100, best)
	}
	return sum, nil
}
