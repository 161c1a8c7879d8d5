package search

import (
	"context"
	"testing"

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
