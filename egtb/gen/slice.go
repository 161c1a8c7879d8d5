// Slices of a unit: its positions grouped by the placement of their men.
// A quiet move of a man takes it closer to its crowning rank and a king's
// move keeps the men where they are, so a slice is closed under the moves
// that stay in the unit, except man moves, which lead into slices whose
// men have less way to go: solved in order of the men's remaining way,
// each slice needs only slices solved before it.

package gen

import (
	"math/bits"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// menPlacement is the white men and the black men of a position.
type menPlacement struct{ white, black uint64 }

// mirrored is m reflected left to right.
func (m menPlacement) mirrored() menPlacement {
	return menPlacement{layout.Mirror(m.white), layout.Mirror(m.black)}
}

// swapped is m seen from the other side: the men of the colour-swapped
// position (the orientation of the unit's other table).
func (m menPlacement) swapped() menPlacement {
	return menPlacement{layout.Flip(m.black), layout.Flip(m.white)}
}

// less orders placements, to pick one of a placement and its images.
func (m menPlacement) less(o menPlacement) bool {
	return m.white < o.white || m.white == o.white && m.black < o.black
}

// canonical is the smaller of m and its mirror image, which stand for the
// same slots.
func (m menPlacement) canonical() menPlacement {
	if r := m.mirrored(); r.less(m) {
		return r
	}
	return m
}

// way is the number of ranks the men of white (White's) and black
// (Black's) still have to go to their crowning ranks: a man's quiet move
// lowers it, and it is the same for a placement and its colour swap.
func way(white, black uint64) int {
	return rankDistances(white, engine.CrowningRank(engine.White)) + rankDistances(black, engine.CrowningRank(engine.Black))
}

// rankDistances is the sum over the squares of set of their distances in
// ranks to rank.
func rankDistances(set uint64, rank int) int {
	n := 0
	for ; set != 0; set &= set - 1 {
		n += abs(engine.Square(bits.TrailingZeros64(set)).Rank() - rank)
	}
	return n
}

func abs(x int) int { return max(x, -x) }

// unitHasMen reports whether the unit's positions have men (a unit of
// kings alone is one slice).
func unitHasMen(unit []egtb.Material) bool { return unit[0].Men() > 0 }

// slicing is the partition of a unit into slices. A slice is one or two
// halves: the positions of one table with given men (a canonical
// placement, in that table's orientation), every placement of the kings,
// and the half their king moves lead into, the other table's positions
// with the swapped men. A unit of one table (its own swap) has slices of
// one half, when the swapped men are the same placement up to the mirror.
type slicing struct {
	layouts []*layout.Layout // the unit's tables
	// by way, the sets of the first table's white men and black men
	whiteMen, blackMen [][]uint64
}

func newSlicing(unit []egtb.Material) *slicing {
	s := &slicing{}
	for _, mat := range unit {
		s.layouts = append(s.layouts, layout.Of(mat.Counts()))
	}
	first := s.layouts[0]
	s.whiteMen = setsByWay(first.Count[layout.GroupWhiteMen], layout.GroupWhiteMen, func(set uint64) int { return way(set, 0) })
	s.blackMen = setsByWay(first.Count[layout.GroupBlackMen], layout.GroupBlackMen, func(set uint64) int { return way(0, set) })
	return s
}

// setsByWay lists the sets of k squares of group g's domain by their way.
func setsByWay(k, g int, wayOf func(uint64) int) [][]uint64 {
	d := layout.GroupDomain[g]
	var by [][]uint64
	for r := range layout.Binomial[d.Squares][k] {
		set := layout.Uncolex(r, k, d.Offset, d.Squares)
		w := wayOf(set)
		for len(by) <= w {
			by = append(by, nil)
		}
		by[w] = append(by[w], set)
	}
	return by
}

// waves is the number of ways a slice can have: the slices of way w are
// wave w, solved after the waves before it and independent of each other.
func (s *slicing) waves() int { return len(s.whiteMen) + len(s.blackMen) - 1 }

// candidates is the number of pairs of men sets of wave w, numbered from 0
// for sliceAt, of which those that are slices are the wave's slices.
func (s *slicing) candidates(w int) uint64 {
	var n uint64
	for a := range s.whiteMen {
		if b := w - a; b >= 0 && b < len(s.blackMen) {
			n += uint64(len(s.whiteMen[a]) * len(s.blackMen[b]))
		}
	}
	return n
}

// sliceAt is the slice of candidate k of wave w, and whether the candidate
// is one: its sets do not overlap and it is the placement that stands for
// the slice.
func (s *slicing) sliceAt(w int, k uint64) (slice, bool) {
	for a := range s.whiteMen {
		b := w - a
		if b < 0 || b >= len(s.blackMen) {
			continue
		}
		blacks := uint64(len(s.blackMen[b]))
		if n := uint64(len(s.whiteMen[a])) * blacks; k >= n {
			k -= n
			continue
		}
		m := menPlacement{s.whiteMen[a][k/blacks], s.blackMen[b][k%blacks]}
		if m.white&m.black != 0 || m != s.representative(0, m) {
			return slice{}, false
		}
		return s.sliceOf(m), true
	}
	panic("candidate out of range")
}

// representative is the placement (in the first table's orientation) that
// stands for the slice of the men m of table t.
func (s *slicing) representative(t int, m menPlacement) menPlacement {
	if t == 1 {
		m = m.swapped()
	}
	m = m.canonical()
	if len(s.layouts) == 1 {
		// The positions of the swapped men, with the other side to move, are in
		// the same table and the same slice.
		if o := m.swapped().canonical(); o.less(m) {
			return o
		}
	}
	return m
}

// half is one table's part of a slice.
type half struct {
	table int
	men   menPlacement // canonical, in the table's orientation
	// the table's numbers of white kings and black kings
	whiteKings, blackKings int
	// its local numbers are base.. base+C(64, whiteKings)·C(64, blackKings)-1
	base uint32
}

// slice is the positions of one or two halves.
type slice struct {
	halves []half
	size   uint32 // local numbers
}

// sliceOf is the slice of the representative placement m.
func (s *slicing) sliceOf(m menPlacement) slice {
	var sl slice
	other := m.swapped().canonical()
	add := func(t int, men menPlacement) {
		l := s.layouts[t]
		h := half{table: t, men: men, whiteKings: l.Count[layout.GroupWhiteKings], blackKings: l.Count[layout.GroupBlackKings], base: sl.size}
		sl.halves = append(sl.halves, h)
		sl.size += h.kingPlacements()
	}
	add(0, m)
	switch {
	case len(s.layouts) == 2:
		add(1, other)
	case other != m:
		add(0, other)
	}
	return sl
}

// kingPlacements is the number of local numbers of h: every pair of sets
// of its kings, overlapping or not.
func (h *half) kingPlacements() uint32 {
	return uint32(layout.Binomial[64][h.whiteKings] * layout.Binomial[64][h.blackKings])
}

// into is the half that a king move from half k of sl leads into.
func (sl *slice) into(k int) int { return len(sl.halves) - 1 - k }

// local is the local number in half h of the position g, whose men are
// h's men.
func (h *half) local(g *[layout.NumGroups]uint64) uint32 {
	return h.base + uint32(layout.Colex(g[layout.GroupWhiteKings], 0)*layout.Binomial[64][h.blackKings]+layout.Colex(g[layout.GroupBlackKings], 0))
}

// position is the position of local number u of half h, and whether it is
// one (its pieces do not overlap).
func (h *half) position(u uint32) ([layout.NumGroups]uint64, bool) {
	r := uint64(u - h.base)
	radix := layout.Binomial[64][h.blackKings]
	g := [layout.NumGroups]uint64{
		layout.GroupWhiteMen:   h.men.white,
		layout.GroupWhiteKings: kingSet(r/radix, h.whiteKings),
		layout.GroupBlackMen:   h.men.black,
		layout.GroupBlackKings: kingSet(r%radix, h.blackKings),
	}
	return g, bits.OnesCount64(g[0]|g[1]|g[2]|g[3]) == bits.OnesCount64(g[0])+bits.OnesCount64(g[1])+bits.OnesCount64(g[2])+bits.OnesCount64(g[3])
}

// kingSet is the set of k squares of the whole board of colex rank r.
func kingSet(r uint64, k int) uint64 {
	if k <= layout.MaxUnrankedGroup {
		return layout.UnrankTableOf(k, 0, 64)[r]
	}
	return layout.Uncolex(r, k, 0, 64)
}

// normalize turns g, a position with the men of half h or their mirror
// image, into the one with h's men.
func (h *half) normalize(g [layout.NumGroups]uint64) [layout.NumGroups]uint64 {
	if g[layout.GroupWhiteMen] != h.men.white || g[layout.GroupBlackMen] != h.men.black {
		return layout.MirrorGroups(g)
	}
	return g
}

// sliceKey is the slice of the position g of table t, and its wave.
func (s *slicing) sliceKey(t int, g *[layout.NumGroups]uint64) (menPlacement, int) {
	m := menPlacement{g[layout.GroupWhiteMen], g[layout.GroupBlackMen]}
	return s.representative(t, m), way(m.white, m.black)
}
