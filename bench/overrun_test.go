package bench

import (
	"context"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/testbin"
)

func TestMain(m *testing.M) { testbin.Main(m) }

// hubCommand is this module's engine as a Hub command line.
func hubCommand(tb testing.TB) []string {
	return []string{testbin.Build(tb, "cmd/dameo", false), "hub"}
}

// TestOverrunPlays: the overrun benchmark plays the moves asked for, over
// more than one game (a fresh engine each), and gives one figure a move.
// It asserts nothing of the figures: they are the machine's.
func TestOverrunPlays(t *testing.T) {
	out, err := Overrun(context.Background(), OverrunConfig{
		Command: hubCommand(t), Moves: 5, GameMoves: 3, MoveTime: 10 * time.Millisecond, Load: 1, Seed: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 5 {
		t.Fatalf("%d overruns, want 5", len(out))
	}
	if out.Max() < out.Percentile(0.99) || out.Percentile(0.99) < out.Percentile(0.5) {
		t.Fatalf("figures out of order: %v", out)
	}
	if _, err := Overrun(context.Background(), OverrunConfig{Command: hubCommand(t), MoveTime: time.Millisecond}); err == nil {
		t.Fatal("no moves to play: no error")
	}
}

// BenchmarkOverrun plays b.N moves at 0.05 s a move with two CPU-bound
// goroutines beside the engine, and reports the largest, the 99th
// percentile and the median answer past the move time, in milliseconds:
//
//	go test ./bench/ -run '^$' -bench Overrun -benchtime 1000x
func BenchmarkOverrun(b *testing.B) {
	cmd := hubCommand(b)
	b.ResetTimer()
	out, err := Overrun(context.Background(), OverrunConfig{
		Command: cmd, Moves: b.N, MoveTime: 50 * time.Millisecond, Load: 2, Seed: uint64(b.N),
	})
	if err != nil {
		b.Fatal(err)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(out.Max()), "max-ms")
	b.ReportMetric(ms(out.Percentile(0.99)), "p99-ms")
	b.ReportMetric(ms(out.Percentile(0.5)), "median-ms")
	b.ReportMetric(0, "ns/op")
	b.Log(out)
}
