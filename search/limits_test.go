package search

import (
	"errors"
	"testing"
	"time"
)

func TestOptionsValidate(t *testing.T) {
	for _, o := range []Options{
		{Threads: MinThreads, HashMiB: MinHashMiB},
		{Threads: MaxThreads, HashMiB: MaxHashMiB},
	} {
		if err := o.Validate(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
	for _, tt := range []struct {
		o     Options
		field string
		msg   string
	}{
		{Options{Threads: 0, HashMiB: 16}, "threads", "threads must be 1 to 256, not 0"},
		{Options{Threads: MaxThreads + 1, HashMiB: 16}, "threads", "threads must be 1 to 256, not 257"},
		{Options{Threads: 1, HashMiB: 0}, "hash", "hash must be 1 to 65536 MiB, not 0"},
		{Options{Threads: 1, HashMiB: MaxHashMiB + 1}, "hash", "hash must be 1 to 65536 MiB, not 65537"},
	} {
		err := tt.o.Validate()
		var r *RangeError
		if !errors.As(err, &r) || r.Field != tt.field || err.Error() != tt.msg {
			t.Errorf("%+v: error %v, want a RangeError %q", tt.o, err, tt.msg)
		}
	}
}

func TestLimitsValidate(t *testing.T) {
	for _, l := range []Limits{
		{},
		{Depth: 1, MultiPV: 1},
		{Depth: MaxDepth, MultiPV: MaxMultiPV, Nodes: 1, MoveTime: time.Second, Time: time.Minute, Inc: time.Second, MovesToGo: 40},
	} {
		if err := l.Validate(); err != nil {
			t.Errorf("%+v: %v", l, err)
		}
	}
	for _, tt := range []struct {
		l   Limits
		msg string
	}{
		{Limits{Depth: -1}, "depth must be 1 to 100, not -1"},
		{Limits{Depth: MaxDepth + 1}, "depth must be 1 to 100, not 101"},
		{Limits{MultiPV: MaxMultiPV + 1}, "multipv must be 1 to 64, not 65"},
		{Limits{Nodes: -1}, "nodes must not be negative, not -1"},
		{Limits{MovesToGo: -1}, "movestogo must not be negative, not -1"},
		{Limits{MoveTime: -time.Second}, "movetime must not be negative, not -1s"},
		{Limits{Time: -time.Second}, "time must not be negative, not -1s"},
		{Limits{Inc: -time.Second}, "inc must not be negative, not -1s"},
		{Limits{Overhead: -time.Second}, "overhead must not be negative, not -1s"},
	} {
		if err := tt.l.Validate(); err == nil || err.Error() != tt.msg {
			t.Errorf("%+v: error %v, want %q", tt.l, err, tt.msg)
		}
	}
	var r *RangeError
	if err := (Limits{Depth: 1000}).Validate(); !errors.As(err, &r) || r.Field != "depth" || r.Max != MaxDepth {
		t.Errorf("depth 1000: %v, want a RangeError up to MaxDepth", err)
	}
}

// TestOutOfBounds: invalid options and limits are brought into bounds, so a
// search with them still answers.
func TestOutOfBounds(t *testing.T) {
	s := New(Options{Threads: -3, HashMiB: -1})
	if len(s.workers) != MinThreads || s.opts.HashMiB != MinHashMiB {
		t.Fatalf("%d workers and %d MiB, want %d and %d", len(s.workers), s.opts.HashMiB, MinThreads, MinHashMiB)
	}
	if got := (Options{Threads: MaxThreads + 1, HashMiB: MaxHashMiB + 1}).inBounds(); got.Validate() != nil || got.Threads != MaxThreads || got.HashMiB != MaxHashMiB {
		t.Fatalf("options brought to %+v, want the upper bounds", got)
	}
	l := Limits{Depth: MaxDepth + 5, MultiPV: -2, Nodes: -1, MoveTime: -time.Second, Time: -1, Inc: -1, MovesToGo: -1, Overhead: -1}
	if got := l.inBounds(); got.Validate() != nil || got.Depth != MaxDepth {
		t.Fatalf("limits brought to %+v: %v", got, got.Validate())
	}
	res := s.Search(t.Context(), testPositions(1)[0], Limits{Depth: -2, MultiPV: 1000, Nodes: 2000}, nil)
	if !res.HasMove {
		t.Fatal("no move from a search with out-of-bounds limits")
	}
}
