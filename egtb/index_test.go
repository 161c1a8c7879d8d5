// Tests of the slot index: colex ranks, round trips, every position covered.

package egtb

import (
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/egtb/internal/tbtest"
	"math/bits"
	"math/rand/v2"
	"testing"
)

func TestColexRoundTrip(t *testing.T) {
	for _, d := range layout.GroupDomain {
		for k := 0; k <= 3; k++ {
			n := layout.Binomial[d.Squares][k]
			for r := range n {
				s := layout.Uncolex(r, k, d.Offset, d.Squares)
				if bits.OnesCount64(s) != k || s>>d.Offset>>d.Squares != 0 || s&(1<<d.Offset-1) != 0 {
					t.Fatalf("uncolex(%d, %d, %+v) = %#x: not %d squares of the domain", r, k, d, s, k)
				}
				if got := layout.Colex(s, d.Offset); got != r {
					t.Fatalf("colex(uncolex(%d)) = %d (k %d, domain %+v)", r, got, k, d)
				}
			}
		}
	}
}

// TestIndexRoundTrip: every slot of the tables of up to 3 pieces (2 under
// the race detector) either holds a position whose index is the slot or is
// unused, and a sample of the slots of every larger table does too.
func TestIndexRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range Materials(4) {
		l := layout.Of(s.Counts())
		slot := func(i uint64) {
			g, ok := l.Position(i)
			if !ok {
				return
			}
			if MaterialOf(layout.CountsOf(&g)) != s {
				t.Fatalf("%v slot %d: position of material %v", s, i, MaterialOf(layout.CountsOf(&g)))
			}
			if j := l.Index(g); j != i {
				t.Fatalf("%v slot %d: position %#x has index %d", s, i, g, j)
			}
		}
		if s.Pieces() <= tbtest.BuiltPieces {
			for i := range l.Size {
				slot(i)
			}
			continue
		}
		for range 20000 {
			slot(rng.Uint64N(l.Size))
		}
	}
}

// TestIndexCoversEveryPosition enumerates every position of the tables of
// up to 3 pieces (2 under the race detector): each has a used slot holding it or its mirror image, a
// position and its mirror image share their slot, and no used slot is
// left over.
func TestIndexCoversEveryPosition(t *testing.T) {
	for _, s := range Materials(tbtest.BuiltPieces) {
		l := layout.Of(s.Counts())
		seen := make([]bool, l.Size)
		var distinct uint64
		forEachPlacement(s, func(g [layout.NumGroups]uint64) {
			i := l.Index(g)
			if i >= l.Size {
				t.Fatalf("%v: index %d of %#x beyond size %d", s, i, g, l.Size)
			}
			if m := layout.MirrorGroups(g); l.Index(m) != i {
				t.Fatalf("%v: %#x and its mirror image have slots %d and %d", s, g, i, l.Index(m))
			}
			h, ok := l.Position(i)
			if !ok || (h != g && h != layout.MirrorGroups(g)) {
				t.Fatalf("%v: slot %d of %#x holds %#x (used %v)", s, i, g, h, ok)
			}
			if !seen[i] {
				seen[i] = true
				distinct++
			}
		})
		var used uint64
		for i := range l.Size {
			if _, ok := l.Position(i); ok {
				used++
			}
		}
		if used != distinct {
			t.Errorf("%v: %d used slots, %d positions up to the mirror", s, used, distinct)
		}
	}
}

// forEachPlacement calls f with every placement of s's groups on
// distinct squares of their domains.
func forEachPlacement(s Material, f func([layout.NumGroups]uint64)) {
	var g [layout.NumGroups]uint64
	counts := s.Counts()
	var place func(group, from int, occupied uint64)
	place = func(group, from int, occupied uint64) {
		if group == layout.NumGroups {
			f(g)
			return
		}
		if bits.OnesCount64(g[group]) == counts[group] {
			place(group+1, 0, occupied)
			return
		}
		d := layout.GroupDomain[group]
		for sq := max(from, d.Offset); sq < d.Offset+d.Squares; sq++ {
			b := uint64(1) << sq
			if occupied&b != 0 {
				continue
			}
			g[group] |= b
			place(group, sq+1, occupied|b)
			g[group] &^= b
		}
	}
	place(0, 0, 0)
}

func TestSizes(t *testing.T) {
	want := map[int]struct {
		materials int
		slots     uint64
	}{2: {4, 7200}, 3: {12, 860400}, 4: {25, 59512320}}
	for n, w := range want {
		var count int
		var slots uint64
		for _, s := range Materials(n) {
			if s.Pieces() == n {
				count++
				slots += Size(s)
			}
		}
		if count != w.materials || slots != w.slots {
			t.Errorf("%d pieces: %d materials, %d slots; want %d, %d", n, count, slots, w.materials, w.slots)
		}
	}
}

// TestDivisorDividesExactly: division by reciprocal equals division for
// numbers below 2^32 and divisors up to 2^32, at the edges of each
// quotient and on random numbers.
func TestDivisorDividesExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	divisors := []uint64{2, 3, 7, 56, 64, 1540, 2016, 1 << 31, 1<<32 - 1, 1 << 32}
	for range 200 {
		divisors = append(divisors, 2+rng.Uint64N(1<<32-1), 2+rng.Uint64N(1<<16))
	}
	for _, d := range divisors {
		v := layout.NewDivisor(d)
		numbers := []uint64{0, 1, d - 1, d, d + 1, 1<<32 - 1, (1<<32 - 1) / d * d, (1<<32-1)/d*d - 1}
		for range 200 {
			numbers = append(numbers, rng.Uint64N(1<<32))
		}
		for _, n := range numbers {
			if n >= 1<<32 {
				continue
			}
			if got := v.Divide(n, d); got != n/d {
				t.Fatalf("%d / %d: %d, want %d", n, d, got, n/d)
			}
		}
	}
	if got := (layout.Divisor{}).Divide(1<<40+5, 3); got != (1<<40+5)/3 {
		t.Fatalf("the zero divisor gives %d", got)
	}
}
