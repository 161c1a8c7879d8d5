// The training set in memory: each position reduced to the evaluation's
// feature counts (only the terms that are not zero) and, optionally, the
// contents of its pattern windows, with its phase and its target, compact
// enough for millions of positions.

package tune

import (
	"errors"
	"io"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// entry is one non-zero feature count of a position: pair is the index of
// the weight pair it multiplies, a search.Term or, from search.NumTerms on,
// a window's contents (patternPair).
type entry struct {
	pair  uint16
	count int16
}

// patternPair is the weight pair of window w holding contents c.
func patternPair(w int, c uint8) uint16 {
	table := w / (search.NumWindows / search.NumPatternTables)
	return uint16(int(search.NumTerms) + table*search.WindowConfigs + int(c))
}

// sample is one position: its entries are Set.entries[first:first+n].
type sample struct {
	first  uint32
	n      uint8   // at most search.NumTerms + search.NumWindows
	phase  uint8   // search.Features.Phase
	result float32 // the game's result for the side to move: 1, ½ or 0
	score  float32 // the search score, side to move's view
	game   uint32  // the game the position comes from
}

// Set is a set of training positions. The zero Set has only the terms'
// counts; NewSet(true) also the pattern windows.
type Set struct {
	samples  []sample
	entries  []entry
	patterns bool
}

// NewSet is an empty set, with the pattern windows if patterns is true.
func NewSet(patterns bool) *Set { return &Set{patterns: patterns} }

// pairs is the number of weight pairs the set's positions use.
func (s *Set) pairs() int {
	if s.patterns {
		return int(search.NumTerms) + search.NumPatternTables*search.WindowConfigs
	}
	return int(search.NumTerms)
}

// mgShare is the share of the middlegame weights in the evaluation of sm:
// its phase over the full phase (as search.Features.Vector takes it).
func (sm *sample) mgShare() float64 { return float64(sm.phase) / (2 * engine.MenPerSide) }

// Len is the number of positions.
func (s *Set) Len() int { return len(s.samples) }

// Add adds a record.
func (s *Set) Add(r *datagen.Record) {
	var f search.Features
	f.Count(&r.Position)
	sm := sample{first: uint32(len(s.entries)), phase: uint8(f.Phase),
		result: float32(r.Target()), score: float32(r.Score), game: uint32(r.Game)}
	for t, c := range &f.Counts {
		if c != 0 {
			// A count is at most 8 per square (king mobility): it fits.
			s.entries = append(s.entries, entry{uint16(t), int16(c)})
			sm.n++
		}
	}
	if s.patterns {
		var idx [search.NumWindows]uint8
		search.WindowIndices(&r.Position, &idx)
		for w, c := range idx {
			if c != 0 { // an empty window adds nothing (search.Patterns)
				s.entries = append(s.entries, entry{patternPair(w, c), 1})
				sm.n++
			}
		}
	}
	s.samples = append(s.samples, sm)
}

// ReadFrom adds the records of a data file.
func (s *Set) ReadFrom(r io.Reader) (int64, error) {
	dr := datagen.NewReader(r)
	var n int64
	for {
		p, err := dr.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		rec, err := p.Decode()
		if err != nil {
			return n, err
		}
		s.Add(&rec)
		n++
	}
}
