// The bounds of a Searcher's options and of a search's limits, declared
// once for every caller (CLI flags, Hub parameters and levels, the match
// runner), and the checks of Options and Limits against them.

package search

import (
	"fmt"
	"time"
)

const (
	// MaxDepth bounds the nominal depth of a search in plies (Limits.Depth);
	// extensions and captures at the leaves may reach a little deeper.
	MaxDepth = 100
	// MinThreads and MaxThreads bound Options.Threads.
	MinThreads, MaxThreads = 1, 256
	// MinHashMiB and MaxHashMiB bound Options.HashMiB. The table may still
	// get less than asked: at most half the machine's physical memory.
	MinHashMiB, MaxHashMiB = 1, 65536
	// MaxMultiPV bounds Limits.MultiPV.
	MaxMultiPV = 64
)

// RangeError reports a whole-number option or limit outside its bounds.
// Field is named as the CLI flags and the Hub parameters name it.
type RangeError struct {
	Field    string // "threads", "hash", "depth" or "multipv"
	Value    int64
	Min, Max int64
	Unit     string // after the bounds, e.g. "MiB"; may be empty
}

func (e *RangeError) Error() string {
	unit := ""
	if e.Unit != "" {
		unit = " " + e.Unit
	}
	return fmt.Sprintf("%s must be %d to %d%s, not %d", e.Field, e.Min, e.Max, unit, e.Value)
}

// inRange is nil when v is in lo..hi, else a *RangeError.
func inRange(field string, v, lo, hi int64, unit string) error {
	if v < lo || v > hi {
		return &RangeError{Field: field, Value: v, Min: lo, Max: hi, Unit: unit}
	}
	return nil
}

// Validate reports the first option outside its bounds as a *RangeError.
// New and SetOptions bring such options into bounds instead (the nearest
// bound).
func (o Options) Validate() error {
	if err := inRange("threads", int64(o.Threads), MinThreads, MaxThreads, ""); err != nil {
		return err
	}
	return inRange("hash", int64(o.HashMiB), MinHashMiB, MaxHashMiB, "MiB")
}

// inBounds is o brought into the bounds Validate checks.
func (o Options) inBounds() Options {
	o.Threads = min(max(o.Threads, MinThreads), MaxThreads)
	o.HashMiB = min(max(o.HashMiB, MinHashMiB), MaxHashMiB)
	return o
}

// Validate reports the first limit outside its bounds: a *RangeError for
// Depth (1 to MaxDepth, or 0 for no depth limit) and MultiPV (1 to
// MaxMultiPV, or 0 for one line), an error for a negative count or time.
// Start brings such limits into bounds instead (a negative value counts as
// 0, a value above its bound as the bound).
func (l Limits) Validate() error {
	if l.Depth != 0 {
		if err := inRange("depth", int64(l.Depth), 1, MaxDepth, ""); err != nil {
			return err
		}
	}
	if l.MultiPV != 0 {
		if err := inRange("multipv", int64(l.MultiPV), 1, MaxMultiPV, ""); err != nil {
			return err
		}
	}
	switch {
	case l.Nodes < 0:
		return fmt.Errorf("nodes must not be negative, not %d", l.Nodes)
	case l.MovesToGo < 0:
		return fmt.Errorf("movestogo must not be negative, not %d", l.MovesToGo)
	}
	for _, d := range []struct {
		field string
		v     time.Duration
	}{{"movetime", l.MoveTime}, {"time", l.Time}, {"inc", l.Inc}, {"overhead", l.Overhead}} {
		if d.v < 0 {
			return fmt.Errorf("%s must not be negative, not %v", d.field, d.v)
		}
	}
	return nil
}

// inBounds is l brought into the bounds Validate checks.
func (l Limits) inBounds() Limits {
	l.Depth = min(max(l.Depth, 0), MaxDepth)
	l.MultiPV = min(max(l.MultiPV, 0), MaxMultiPV)
	l.Nodes = max(l.Nodes, 0)
	l.MovesToGo = max(l.MovesToGo, 0)
	l.MoveTime, l.Time, l.Inc, l.Overhead = max(l.MoveTime, 0), max(l.Time, 0), max(l.Inc, 0), max(l.Overhead, 0)
	return l
}
