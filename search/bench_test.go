package search

import (
	"context"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

func BenchmarkEvaluate(b *testing.B) {
	p := engine.StartPosition()
	for b.Loop() {
		Evaluate(&p)
	}
}

func BenchmarkSearchStartDepth8(b *testing.B) {
	s := New(Options{Threads: 1, HashMiB: 16})
	g := engine.NewGame(engine.StartPosition())
	var nodes int64
	for b.Loop() {
		s.NewGame()
		nodes += s.Search(context.Background(), g, Limits{Depth: 8}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkStopLatency measures the time from Stop to the end of an
// infinite two-thread search of the start position.
func BenchmarkStopLatency(b *testing.B) {
	s := New(Options{Threads: 2, HashMiB: 16})
	g := engine.NewGame(engine.StartPosition())
	var total time.Duration
	for b.Loop() {
		wait := s.Start(context.Background(), g, Limits{Infinite: true}, nil)
		time.Sleep(30 * time.Millisecond)
		t0 := time.Now()
		s.Stop()
		wait()
		total += time.Since(t0)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/stop")
}
