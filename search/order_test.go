package search

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

// A quiet move that cuts off becomes the counter move of the move before
// it, and is ordered right after the killers in the next position reached
// by that move.
func TestCounterMove(t *testing.T) {
	start := engine.StartPosition()
	w := newWorker(0)
	w.frames[0].pos = start
	prev := start.LegalMoves()[0]
	w.frames[1].pos = start.Play(prev)
	w.frames[1].move = prev
	l := &w.frames[1].list
	w.frames[1].pos.GenerateMoves(l)
	if l.Len < 3 {
		t.Fatalf("%d moves, want at least 3", l.Len)
	}
	cut := l.Len - 1 // the last generated move, ordered last by default
	pk := w.order(1, l, -1)
	for i := range l.Len {
		if idx, _ := pk.next(i); idx == cut {
			w.cutoff(1, l, pk, i, 4)
			break
		}
	}
	if got := w.countered(1); got != l.Moves[cut] {
		t.Fatalf("counter move %v, want %v", got, l.Moves[cut])
	}
	w.frames[1].killers = [2]engine.Move{} // leave the counter move alone above history
	pk = w.order(1, l, -1)
	if idx, score := pk.next(0); idx != cut || score != orderCounter {
		t.Errorf("first move %d (score %d), want the counter move %d (score %d)", idx, score, cut, orderCounter)
	}
}
