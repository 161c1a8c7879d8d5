// The endgame tables as the search sees them: an adapter from egtb.Tables
// to search.Tablebase, and the loader of `dameo hub` and `dameo analyze`.

package main

import (
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// searchTables gives a set of endgame tables to the search.
type searchTables struct{ t *egtb.Tables }

// ProbeAny is the value of p for its side to move: wdl 1, 0 or -1, and the
// distance to win in plies; egtb.UnknownDistance for a position covered
// by a WDL file alone.
func (s searchTables) ProbeAny(p *engine.Position) (wdl, dtw int, ok bool) {
	r, ok := s.t.ProbeAny(p)
	return int(r.WDL), r.DTW, ok
}

// MostPieces is the largest piece count of a position some table covers:
// the search probes up to it, so that 6-piece tables built without their
// whole set are used too.
func (s searchTables) MostPieces() int { return s.t.MostPieces() }

// loadTablebase loads the tables in dir, or for "" the default set: the
// tables built into the user's data directory (egtb.DefaultDir) with the
// embedded ones. The checks of the files that opening puts off are made
// at once in the background, so that no search makes one on its clock.
func loadTablebase(dir string) (search.Tablebase, error) {
	t, err := openTables(dir, warnUnusedTable)
	if err != nil {
		return nil, err
	}
	go t.CheckDeferred()
	return searchTables{t}, nil
}
