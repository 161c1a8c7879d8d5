// The training set in memory: each position reduced to its active features
// (eval.AppendFeatures) of the groups fitted, with its phase and its
// target, compact enough for millions of positions.

package tune

import (
	"errors"
	"io"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/eval"
)

// entry is one active feature of a position, as eval.AppendFeatures lists
// it: index is the weight pair it multiplies.
type entry struct {
	index uint32
	count int16
}

// sample is one position: its entries are Set.entries[first:first+n].
type sample struct {
	first  uint32
	n      uint8   // at most eval.MaxFeatures
	phase  uint8   // eval.Phase
	result float32 // the game's result for the side to move: 1, ½ or 0
	score  float32 // the search score, side to move's view
	game   uint32  // the game the position comes from
}

// Set is a set of training positions. The zero Set fits the terms only;
// NewSet(true) also the 2×2 patterns.
type Set struct {
	samples  []sample
	entries  []entry
	patterns bool
	limit    int            // features fitted: indices below it (0: not yet set)
	features []eval.Feature // Add's buffer
}

// NewSet is an empty set, with the 2×2 patterns if patterns is true.
func NewSet(patterns bool) *Set { return &Set{patterns: patterns} }

// pairs is the number of weight pairs the set's positions use: the
// leading groups of eval's weight vector (the terms, and the 2×2 patterns
// with NewSet(true)); the other features are left out, their weights 0.
func (s *Set) pairs() int {
	if s.limit == 0 {
		groups := eval.Groups()
		last := groups[0]
		if s.patterns {
			last = groups[1]
		}
		s.limit = last.Offset + last.Len
	}
	return s.limit
}

// mgShare is the share of the middlegame weights in the evaluation of sm.
func (sm *sample) mgShare() float64 { return eval.MGShare(int32(sm.phase)) }

// Len is the number of positions.
func (s *Set) Len() int { return len(s.samples) }

// Add adds a record.
func (s *Set) Add(r *datagen.Record) {
	limit := s.pairs()
	sm := sample{first: uint32(len(s.entries)), phase: uint8(eval.Phase(&r.Position)),
		result: float32(r.Target()), score: float32(r.Score), game: uint32(r.Game)}
	s.features = eval.AppendFeatures(s.features[:0], &r.Position)
	for _, f := range s.features {
		if int(f.Index) < limit {
			s.entries = append(s.entries, entry{f.Index, f.Count})
			sm.n++
		}
	}
	s.samples = append(s.samples, sm)
}

// ReadFrom adds the records of a data file.
func (s *Set) ReadFrom(r io.Reader) (int64, error) {
	dr := datagen.NewReader(r)
	var n int64
	for {
		rec, err := dr.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		s.Add(&rec)
		n++
	}
}
