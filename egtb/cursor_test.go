// Tests of the slot cursor against the decoding of each slot.

package egtb

import (
	"github.com/dameo/dameo/egtb/internal/layout"
	"math/rand/v2"
	"testing"
)

// TestCursorDecodesEverySlot walks the slots of the tables of up to 3
// pieces, and runs of slots from random starts of every 4-piece table,
// comparing the cursor with position.
func TestCursorDecodesEverySlot(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, s := range Materials(4) {
		l := layout.Of(s.Counts())
		walk := func(lo, hi uint64) {
			c := l.Cursor(lo)
			for i := lo; i < hi; i++ {
				g, ok := c.Position()
				want, wantOK := l.Position(i)
				if ok != wantOK || ok && *g != want {
					t.Fatalf("%v slot %d: cursor %#x %v, position %#x %v", s, i, g, ok, want, wantOK)
				}
				c.Next()
			}
		}
		if s.Pieces() <= 3 {
			walk(0, l.Size)
			continue
		}
		for range 20 {
			lo := rng.Uint64N(l.Size)
			walk(lo, min(lo+5000, l.Size))
		}
	}
}
