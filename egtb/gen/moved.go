// Slots of the positions one move of one piece away from the position of
// a slot: the other groups' digits are the slot's, and the moved group's
// colex rank is computed from sums over the pieces that stay.

package gen

import (
	"github.com/dameo/dameo/egtb/internal/layout"
	"math/bits"
	"slices"
)

// movedRank ranks, in colex order, the sets that a set of squares
// becomes when one of its squares moves: the squares that stay (fixed)
// keep their terms but for their place among the set, which is one higher
// for those above the new square. Their terms are summed once for each
// count j of fixed squares below the new one, so that a rank is a lookup
// of that sum and of the new square's term as the (j+1)-th.
type movedRank struct {
	fixed uint64
	terms *[8][64]uint64 // colexTerm of the domain
	// by the number j of fixed squares below the new square: the fixed
	// squares' terms
	fixedTerms [8]uint64
}

// reset makes x the movedRank of the sets of fixed and one more square,
// counted from offset (0 or 8). Only the sums that a rank can use, j up
// to the number of fixed squares, are computed: with the new square below
// them all, every fixed square takes the place above its own; each fixed
// square that the new one passes goes back to its own place.
func (x *movedRank) reset(fixed uint64, offset int) {
	x.fixed, x.terms = fixed, &layout.ColexTerm[offset>>3&1]
	var sum uint64
	i := 0
	for set := fixed; set != 0; set &= set - 1 {
		i++
		sum += x.terms[i&7][bits.TrailingZeros64(set)&63]
	}
	x.fixedTerms[0] = sum
	i = 0
	for set := fixed; set != 0; set &= set - 1 {
		s := bits.TrailingZeros64(set) & 63
		sum += x.terms[i&7][s] - x.terms[(i+1)&7][s]
		i++
		x.fixedTerms[i&7] = sum
	}
}

// nextRun takes out of squares and returns those below the lowest of
// fixed, which it takes out too (all of squares when fixed is empty): the
// next run of squares in which a new square's place among the fixed ones
// is the same.
func nextRun(squares, fixed *uint64) uint64 {
	next := *fixed & -*fixed // 0 past the last
	*fixed ^= next
	run := *squares & (next - 1)
	*squares ^= run
	return run
}

// movedIndex is the unit slot of the positions that differ from the
// position of a slot by one square of one group (a move or an un-move of
// one piece): the other groups' digits are the slot's, and only the moved
// group's rank is computed, incrementally (movedRank).
type movedIndex struct {
	l     *layout.Layout
	g     *[layout.NumGroups]uint64 // the position's groups
	group int
	lead  bool
	// by how the mirror applies (keepAsIs, mirrorAll, mirrorIfSmaller):
	// the unit slot but for the moved group's share. For the lead: base
	// and the other groups' digits as they are, mirrored and the smaller
	// of both; for another group (whose rank leaves the mirror as it is):
	// base and the slot without the group's digit.
	offsets [4]uint64
	// the share's factor: restSize for the lead's orbit, the stride for
	// another group's rank
	scale uint64
	// another group, whose lead is its own mirror image: the mirror
	// decides each slot
	symmetric bool
	base      uint64
	rank      movedRank // of the piece moving
}

// reset makes x the movedIndex of layout l, whose table starts at unit
// slot base, for the position of slot, whose groups are g (kept until the
// next reset) and digits d, varying group.
func (x *movedIndex) reset(l *layout.Layout, base, slot uint64, g *[layout.NumGroups]uint64, d *layout.SlotDigits, group int) {
	x.l, x.g, x.group, x.lead, x.base = l, g, group, group == l.Lead, base
	x.symmetric = !x.lead && l.Orbits.Symmetric[d.Orbit]
	if x.lead {
		mirrored := l.MirroredRest(g, &d.Ranks)
		x.offsets = [4]uint64{layout.KeepAsIs: base + d.Rest, layout.MirrorAll: base + mirrored, layout.MirrorIfSmaller: base + min(d.Rest, mirrored)}
		x.scale = l.RestSize
		return
	}
	x.scale = l.Stride[group]
	x.offsets[layout.KeepAsIs] = base + slot - d.Ranks[group]*x.scale
}

// move starts the slots of the positions in which the piece on square
// from has moved.
func (x *movedIndex) move(from int) {
	x.rank.reset(x.g[x.group]&^(1<<(from&63)), layout.GroupDomain[x.group].Offset)
}

// maxSources, a power of two, bounds the squares that one piece's
// un-moves come from: a king's slides reach 27 squares at most, a man's 3.
const maxSources = 32

// appendIndexes appends to dst the unit slots of the positions in which
// the moving piece stands on each of squares (not in its group, at most
// maxSources), in increasing order of square, but for those that skip
// holds, and reports the squares of the slots appended.
func (x *movedIndex) appendIndexes(dst []uint64, squares uint64, skip decidedSet) ([]uint64, uint64) {
	if x.symmetric {
		return x.appendMirroredIndexes(dst, squares, skip)
	}
	start := len(dst)
	dst = slices.Grow(dst, maxSources)
	out := (*[maxSources]uint64)(dst[start : start+maxSources])
	var n int
	var kept uint64
	if x.lead {
		n, kept = x.appendOrbits(out, squares, skip)
	} else {
		n, kept = x.appendRanks(out, squares, skip)
	}
	return dst[:start+n], kept
}

// appendOrbits is appendIndexes for the lead, into out: it returns the
// number of slots and their squares. The squares are taken in runs
// between consecutive fixed squares, in which the new square's place is
// the same, j fixed squares below it.
func (x *movedIndex) appendOrbits(out *[maxSources]uint64, squares uint64, skip decidedSet) (int, uint64) {
	fixed, n, kept := x.rank.fixed, 0, uint64(0)
	scale, offsets := x.scale, &x.offsets
	for j := 0; squares != 0; j++ {
		run := nextRun(&squares, &fixed)
		// by the moving piece's term: its orbit's number << 2 | how the mirror applies
		byRank, terms := x.l.Orbits.ByRank[x.rank.fixedTerms[j&7]:], &x.rank.terms[j&7]
		for ; run != 0; run &= run - 1 {
			v := uint64(byRank[terms[bits.TrailingZeros64(run)&63]])
			if i := v>>2*scale + offsets[v&3]; !skip.has(i) {
				out[n&(maxSources-1)], n, kept = i, n+1, kept|run&-run
			}
		}
	}
	return n, kept
}

// appendRanks is appendOrbits for another group, whose rank leaves the
// mirror as it is.
func (x *movedIndex) appendRanks(out *[maxSources]uint64, squares uint64, skip decidedSet) (int, uint64) {
	fixed, n, kept := x.rank.fixed, 0, uint64(0)
	scale, offset := x.scale, x.offsets[layout.KeepAsIs]
	for j := 0; squares != 0; j++ {
		run := nextRun(&squares, &fixed)
		// the slot but for the moving piece's term
		fixedSlot, terms := x.rank.fixedTerms[j&7]*scale+offset, &x.rank.terms[j&7]
		for ; run != 0; run &= run - 1 {
			if i := terms[bits.TrailingZeros64(run)&63]*scale + fixedSlot; !skip.has(i) {
				out[n&(maxSources-1)], n, kept = i, n+1, kept|run&-run
			}
		}
	}
	return n, kept
}

// appendMirroredIndexes is appendIndexes for a group other than the
// lead, when the lead is its own mirror image.
func (x *movedIndex) appendMirroredIndexes(dst []uint64, squares uint64, skip decidedSet) ([]uint64, uint64) {
	g, kept := *x.g, uint64(0)
	for ; squares != 0; squares &= squares - 1 {
		g[x.group] = x.rank.fixed | squares&-squares
		if i := x.base + x.l.Index(g); !skip.has(i) {
			dst = append(dst, i)
			kept |= squares & -squares
		}
	}
	return dst, kept
}
