// Options.Combinations: the sacrifices of a quiet position at the horizon.

package search

import (
	"context"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/racetest"
)

// TestCombinationsSeeSacrificesAtTheHorizon: in these positions (found by
// a random search for depth-1 scores that the sacrifice search changes)
// a search to depth 7 plays a sacrifice that depth 1 alone takes for a
// loss; with Combinations, depth 1 already plays it.
func TestCombinationsSeeSacrificesAtTheHorizon(t *testing.T) {
	for _, text := range []string{
		"3W3B/8/W7/w5w1/2b5/4b3/2w5/B3B3 w",
		"W7/5W2/5w2/1B1B4/5b2/W7/8/8 b",
	} {
		p, err := engine.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		g := engine.NewGame(p)
		deep := New(Options{Threads: 1, HashMiB: 1}).Search(context.Background(), g, Limits{Depth: 7}, nil)
		shallow := New(Options{Threads: 1, HashMiB: 1}).Search(context.Background(), g, Limits{Depth: 1}, nil)
		com := New(Options{Threads: 1, HashMiB: 1, Combinations: true}).Search(context.Background(), g, Limits{Depth: 1}, nil)
		if com.Move != deep.Move || shallow.Move == deep.Move {
			t.Errorf("%s: depth 7 plays %s; depth 1 %s, and with Combinations %s: want the depth 7 move with Combinations only",
				text, p.FormatMove(deep.Move), p.FormatMove(shallow.Move), p.FormatMove(com.Move))
		}
	}
}

// TestCombinationsSearchesLegally: the combination search plays legal
// moves and finds short forced wins, as the default search does.
func TestCombinationsSearchesLegally(t *testing.T) {
	s := New(Options{Threads: 2, HashMiB: 2, Combinations: true})
	n := 6
	if racetest.Enabled {
		n = 2 // the two threads' races show in any position; the plain run checks six
	}
	for _, g := range testPositions(n) {
		p := g.Position()
		res := s.Search(context.Background(), g, Limits{Depth: 6}, nil)
		if !res.HasMove || !p.IsLegal(res.Move) {
			t.Fatalf("%s: result %+v is not a legal move", p.String(), res)
		}
	}
}
