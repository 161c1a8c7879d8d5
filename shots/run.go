// Running a suite: each entry searched at a fixed number of nodes.

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
}

// Run searches every entry with opts (a fresh table each) to nodes nodes
// and tells each outcome to report as it comes (report may be nil). It
// returns how many were solved, or ctx's error when ctx ended first.
func Run(ctx context.Context, entries []Entry, opts search.Options, nodes int64, report func(Outcome)) (solved int, err error) {
	s := search.New(opts)
	for _, e := range entries {
		s.NewGame()
		res := s.Search(ctx, engine.NewGame(e.Position), search.Limits{Nodes: nodes}, nil)
		if err := ctx.Err(); err != nil {
			return solved, err
		}
		o := Outcome{Entry: e, Played: res.Move, Solved: res.HasMove && res.Move == e.Best}
		if o.Solved {
			solved++
		}
		if report != nil {
			report(o)
		}
	}
	return solved, nil
}
