package search

import (
	"context"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

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

// BenchmarkStopLatency measures the time from the cancellation of the
// context to the end of an infinite two-thread search of the start position.
func BenchmarkStopLatency(b *testing.B) { benchmarkStopLatency(b, 2) }

// BenchmarkStopLatencyManyThreads: as BenchmarkStopLatency with far more
// threads than cores, where helpers may wait long for a core before they
// see the stop; the result must not wait for them.
func BenchmarkStopLatencyManyThreads(b *testing.B) { benchmarkStopLatency(b, 64) }

// benchmarkStopLatency measures the time from cancelling an infinite search
// with the given threads to its result.
func benchmarkStopLatency(b *testing.B, threads int) {
	s := New(Options{Threads: threads, HashMiB: 16})
	g := engine.NewGame(engine.StartPosition())
	var total time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		done := s.Start(ctx, g, Limits{Infinite: true}, nil)
		time.Sleep(30 * time.Millisecond)
		t0 := time.Now()
		cancel()
		<-done
		total += time.Since(t0)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/stop")
}

// BenchmarkNewGame256MiB: how long NewGame keeps its caller (not the
// clearing, which goes on in the background) with a 256 MiB table.
func BenchmarkNewGame256MiB(b *testing.B) {
	s := New(Options{Threads: 1, HashMiB: 256})
	var total time.Duration
	for b.Loop() {
		t0 := time.Now()
		s.NewGame()
		total += time.Since(t0)
		s.WaitIdle()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/call")
}
