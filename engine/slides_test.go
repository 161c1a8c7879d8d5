// Tests of the king slides and capture blockers against the rays walked a
// square at a time.

package engine

import (
	"math/rand/v2"
	"testing"
)

// walkedRay is the set of empty squares from s along d up to the first
// occupied square, and that square (0 at the edge), one step at a time.
func walkedRay(s Square, d direction, occupied Bitboard) (empty, blocker Bitboard) {
	for b := shift(1<<s, d); b != 0; b = shift(b, d) {
		if b&occupied != 0 {
			return empty, b
		}
		empty |= b
	}
	return empty, 0
}

// TestSlidesAndBlockersMatchWalkedRays: kingTargets and orthogonalBlockers
// on random occupancies, dense and sparse, agree with the rays walked.
func TestSlidesAndBlockersMatchWalkedRays(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 20000 {
		occupied := rng.Uint64()
		for range i % 4 {
			occupied &= rng.Uint64() // sparser
		}
		s := Square(rng.IntN(64))
		var want Bitboard
		for d := range numDirections {
			empty, _ := walkedRay(s, d, occupied)
			want |= empty
		}
		if got := kingTargets(s, occupied); got != want {
			t.Fatalf("kingTargets(%v, %#x) = %#x, want %#x", s, occupied, got, want)
		}
		blockers := orthogonalBlockers(s, occupied)
		for k, d := range orthogonal {
			if _, b := walkedRay(s, d, occupied); blockers[k] != b {
				t.Fatalf("orthogonalBlockers(%v, %#x)[%d] = %#x, want %#x", s, occupied, k, blockers[k], b)
			}
		}
	}
}
