// Tests of the order of a built book's moves.

package bookbuild

import (
	"slices"
	"testing"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
)

func TestSortMoves(t *testing.T) {
	start := engine.StartPosition()
	ms := start.LegalMoves()
	want := []book.Move{
		{Move: ms[3], Weight: 1, Score: 40},
		{Move: ms[2], Weight: 5, Score: 10},
		{Move: ms[0], Weight: 2, Score: 10}, // ties on score and weight: by squares
		{Move: ms[1], Weight: 2, Score: 10},
		{Move: ms[4], Weight: 9, Score: -3},
	}
	if ms[0].From > ms[1].From || ms[0].From == ms[1].From && ms[0].To > ms[1].To {
		t.Fatalf("the start position's moves are not in square order: %v, %v", ms[0], ms[1])
	}
	got := slices.Clone(want)
	slices.Reverse(got)
	sortMoves(got)
	if !slices.Equal(got, want) {
		t.Errorf("sorted:\n%+v\nwant\n%+v", got, want)
	}
}
