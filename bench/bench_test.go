package bench

import (
	"bytes"
	"context"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/racetest"
	"github.com/dameo/dameo/search"
)

func TestPositions(t *testing.T) {
	ps, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 30 || len(ps) > 50 {
		t.Fatalf("%d bench positions, want 30 to 50", len(ps))
	}
	kings, seen := 0, map[engine.Position]bool{}
	for _, p := range ps {
		if seen[p] {
			t.Errorf("position %v twice", p.String())
		}
		seen[p] = true
		if p.Kings(engine.White)|p.Kings(engine.Black) != 0 {
			kings++
		}
		if len(p.LegalMoves()) == 0 {
			t.Errorf("position %v has no legal move", p.String())
		}
	}
	if kings < 10 {
		t.Errorf("only %d positions with kings", kings)
	}
}

// TestSignature runs the bench as `dameo bench` does by default (one
// thread) and compares its node count with the Signature recorded in the
// repository. It takes some 7 to 15 seconds, so it also runs in -short
// mode, but not under the race detector.
func TestSignature(t *testing.T) {
	if racetest.Enabled {
		t.Skip("the bench is too slow under the race detector")
	}
	sum, err := Run(context.Background(), search.Options{Threads: 1, HashMiB: DefaultHashMiB}, DefaultDepth, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Nodes != Signature {
		t.Fatalf("bench signature %d, recorded %d: if the change is meant to alter the search, update bench.Signature (bench/signature.go) and say Bench: %d in the commit", sum.Nodes, Signature, sum.Nodes)
	}
}

func TestRunOutputAndDeterminism(t *testing.T) {
	var out1, out2 bytes.Buffer
	opts := search.Options{Threads: 1, HashMiB: 2}
	s1, err := Run(context.Background(), opts, 3, &out1)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := Run(context.Background(), opts, 3, &out2)
	if err != nil {
		t.Fatal(err)
	}
	if s1.Nodes != s2.Nodes || s1.Nodes == 0 {
		t.Fatalf("node counts %d and %d, want equal and positive", s1.Nodes, s2.Nodes)
	}
	lines := strings.Split(strings.TrimSpace(out1.String()), "\n")
	ps, _ := Positions()
	if len(lines) != len(ps) {
		t.Fatalf("%d lines for %d positions", len(lines), len(ps))
	}
	if !regexp.MustCompile(`^bench: nodes=\d+ time=\d+\.\d{3} nps=\d+ ttd=\d+\.\d{4}$`).MatchString(s1.String()) {
		t.Fatalf("bad summary line %q", s1.String())
	}
	if s1.Positions != len(ps) {
		t.Errorf("summary of %d positions, want %d", s1.Positions, len(ps))
	}
}

func TestSummaryTimeToDepth(t *testing.T) {
	s := Summary{Nodes: 1000, Time: 2 * time.Second, Positions: 4}
	if got, want := s.String(), "bench: nodes=1000 time=2.000 nps=500 ttd=0.5000"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if got := (Summary{}).TimeToDepth(); got != 0 {
		t.Errorf("time to depth of no positions %v, want 0", got)
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	if _, err := Run(ctx, search.Options{Threads: 1, HashMiB: 1}, 20, &out); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run returned %v, want context.Canceled", err)
	}
}

func TestRunBadArguments(t *testing.T) {
	good := search.Options{Threads: 1, HashMiB: 1}
	var r *search.RangeError
	if _, err := Run(context.Background(), search.Options{Threads: 1}, 1, io.Discard); !errors.As(err, &r) || r.Field != "hash" {
		t.Errorf("hash 0: %v, want a range error on hash", err)
	}
	for _, depth := range []int{0, -1, search.MaxDepth + 1} {
		if _, err := Run(context.Background(), good, depth, io.Discard); err == nil {
			t.Errorf("depth %d: no error", depth)
		}
	}
}

// BenchmarkBench runs the bench at depth 8 on one thread; its CPU profile,
// merged with perft's, is the build's profile (cmd/dameo/default.pgo).
func BenchmarkBench(b *testing.B) {
	var nodes int64
	for b.Loop() {
		s, err := Run(context.Background(), search.Options{Threads: 1, HashMiB: 16}, 8, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		nodes += s.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
