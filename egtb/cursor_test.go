// Tests of the slot cursor against the decoding of each slot.

package egtb

import (
	"math/rand/v2"
	"testing"
)

// TestCursorDecodesEverySlot walks the slots of the tables of up to 3
// pieces, and runs of slots from random starts of every 4-piece table,
// comparing the cursor with position.
func TestCursorDecodesEverySlot(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, s := range Signatures(4) {
		l := layoutOf(s.counts())
		walk := func(lo, hi uint64) {
			c := l.cursor(lo)
			for i := lo; i < hi; i++ {
				g, ok := c.position()
				want, wantOK := l.position(i)
				if ok != wantOK || ok && *g != want {
					t.Fatalf("%v slot %d: cursor %#x %v, position %#x %v", s, i, g, ok, want, wantOK)
				}
				c.next()
			}
		}
		if s.Pieces() <= 3 {
			walk(0, l.size)
			continue
		}
		for range 20 {
			lo := rng.Uint64N(l.size)
			walk(lo, min(lo+5000, l.size))
		}
	}
}
