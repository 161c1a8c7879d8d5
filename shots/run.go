// Running a suite: each entry searched at a fixed number of nodes, and the
// tally of what the searches played.

package shots

import (
	"context"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// Outcome is an entry's search in Run.
type Outcome struct {
	Entry  Entry
	Played engine.Move // the search's move
	Solved bool        // Played is the entry's Best
	FellIn bool        // Played is the entry's Avoid (only in an avoid entry)
}

// Tally counts the outcomes of a run. Solved is the strict measure: the
// move the suite names. Avoided is the one that does not depend on which
// of several good moves the miner's search preferred: of the avoid
// entries, those where the search did not play the move that fell into
// the combination.
type Tally struct {
	Entries int // entries searched
	Solved  int // of Entries, the search played Best
	Avoids  int // of Entries, avoid entries (an am move)
	Avoided int // of Avoids, the search did not play Avoid
}

// Run searches every entry with opts (a fresh table each) to nodes nodes
// and tells each outcome to report as it comes (report may be nil). It
// returns the tally of the entries searched, with ctx's error when ctx
// ended first.
func Run(ctx context.Context, entries []Entry, opts search.Options, nodes int64, report func(Outcome)) (Tally, error) {
	var t Tally
	s := search.New(opts)
	for _, e := range entries {
		s.NewGame()
		res := s.Search(ctx, engine.NewGame(e.Position), search.Limits{Nodes: nodes}, nil)
		if err := ctx.Err(); err != nil {
			return t, err
		}
		o := Outcome{Entry: e, Played: res.Move, Solved: res.HasMove && res.Move == e.Best}
		o.FellIn = e.Avoid != engine.NoMove && res.HasMove && res.Move == e.Avoid
		t.add(o)
		if report != nil {
			report(o)
		}
	}
	return t, nil
}

// add counts o.
func (t *Tally) add(o Outcome) {
	t.Entries++
	if o.Solved {
		t.Solved++
	}
	if o.Entry.Avoid != engine.NoMove {
		t.Avoids++
		if !o.FellIn {
			t.Avoided++
		}
	}
}
