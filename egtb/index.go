// Indexing: the bijection between the positions of a signature (White to
// move, up to the left-right mirror) and the numbers 0..size-1 of its table.

package egtb

import (
	"math/bits"
	"sync"
)

// The four groups of pieces, in index order.
const (
	groupWhiteMen = iota
	groupWhiteKings
	groupBlackMen
	groupBlackKings
	numGroups
)

// groupDomain[g] is where pieces of group g may stand: the squares
// offset..offset+squares-1. Men never stand on their own crowning rank
// (White's rank 8, Black's rank 1); kings stand anywhere.
var groupDomain = [numGroups]struct{ offset, squares int }{
	groupWhiteMen:   {0, 56},
	groupWhiteKings: {0, 64},
	groupBlackMen:   {8, 56},
	groupBlackKings: {0, 64},
}

// binomial[n][k] is n choose k (0 when k > n).
var binomial [65][MaxGroup + 1]uint64

func init() {
	for n := range binomial {
		binomial[n][0] = 1
		for k := 1; k <= MaxGroup && k <= n; k++ {
			binomial[n][k] = binomial[n-1][k-1]
			if k <= n-1 {
				binomial[n][k] += binomial[n-1][k]
			}
		}
	}
}

// colexTerm[offset/8][i][s] is binomial(s-offset, i+1), the term of
// square s as the (i+1)-th smallest square of a set counted from offset
// (0 or 8); squares below offset never occur.
var colexTerm [2][8][64]uint64

func init() {
	for o := range colexTerm {
		for i := range MaxGroup {
			for s := 8 * o; s < 64; s++ {
				colexTerm[o][i][s] = binomial[s-8*o][i+1]
			}
		}
	}
}

// colex is the rank of a set of squares among the sets of its size in the
// colexicographic order, its squares counted from offset (0 or 8): the sum
// of binomial(e_i, i) over its elements e_1 < e_2 < ... (1-based i).
func colex(set uint64, offset int) uint64 {
	terms := &colexTerm[offset>>3&1]
	var r uint64
	for i := 0; set != 0; i++ {
		r += terms[i&7][bits.TrailingZeros64(set)&63]
		set &= set - 1
	}
	return r
}

// uncolex is the set of k squares (counted from offset, below
// offset+squares) whose colex rank is r.
func uncolex(r uint64, k, offset, squares int) uint64 {
	var set uint64
	e := squares - 1
	for i := k; i >= 1; i-- {
		for binomial[e][i] > r {
			e--
		}
		set |= 1 << (e + offset)
		r -= binomial[e][i]
		e--
	}
	return set
}

// mirror reflects a set of squares left to right (file a <-> file h).
func mirror(b uint64) uint64 { return bits.ReverseBytes64(bits.Reverse64(b)) }

// flip reflects a set of squares top to bottom (rank 1 <-> rank 8).
func flip(b uint64) uint64 { return bits.ReverseBytes64(b) }

// orbitTable numbers the sets of k squares of a domain up to the mirror:
// a set is canonical when its colex rank is not above its mirror image's,
// and the canonical sets are numbered in colex order.
type orbitTable struct {
	number    []int32  // by colex rank of a canonical set: its number; -1 for other sets
	set       []uint64 // by number: the canonical set
	symmetric []bool   // by number: whether the set is its own mirror image
	// byRank, by colex rank of any set: its orbit's number << 2 | how the
	// mirror applies to the other groups (keepAsIs, mirrorAll or
	// mirrorIfSmaller).
	byRank []uint32
}

func newOrbitTable(k, offset, squares int) *orbitTable {
	n := binomial[squares][k]
	o := &orbitTable{number: make([]int32, n)}
	for r := range n {
		s := uncolex(r, k, offset, squares)
		if colex(mirror(s), offset) < r {
			o.number[r] = -1
			continue
		}
		o.number[r] = int32(len(o.set))
		o.set = append(o.set, s)
		o.symmetric = append(o.symmetric, mirror(s) == s)
	}
	o.byRank = make([]uint32, n)
	for r := range n {
		rm := colex(mirror(uncolex(r, k, offset, squares)), offset)
		mode := uint32(keepAsIs)
		switch {
		case rm < r:
			mode = mirrorAll
		case rm == r:
			mode = mirrorIfSmaller
		}
		o.byRank[r] = uint32(o.number[min(r, rm)])<<2 | mode
	}
	return o
}

// layout is the index scheme of one signature. The first group with pieces
// (white men, else white kings) leads: its set is taken up to the mirror
// (an orbit number), and the other groups' sets follow as digits of a
// mixed-radix number, each the set's colex rank in its group's domain:
//
//	index = orbit × restSize + Σ colex(group g) × stride[g]
//
// When the leading set is its own mirror image, the position and its image
// have the same orbit and the smaller rest is the index. Digits of groups
// that overlap, and such non-minimal rests, are slots without a position.
type layout struct {
	count    [numGroups]int
	lead     int
	orbits   *orbitTable
	stride   [numGroups]uint64   // 0 for the lead group
	radix    [numGroups]uint64   // number of sets of each group
	digits   []int               // the groups other than the lead with pieces, innermost (stride 1 side) first
	sets     [numGroups][]uint64 // by colex rank, the sets of the non-lead groups (nil when too many)
	restSize uint64
	size     uint64
	// by restSize and by each radix, for slots decoded by multiplication
	// (when size allows, see divisor)
	restDivisor  divisor
	radixDivisor [numGroups]divisor
	// by colex rank, the colex rank of the mirror image of the non-lead
	// groups' sets (nil when sets is)
	mirroredRanks [numGroups][]uint32
}

var (
	layoutsMu sync.Mutex
	layouts   = map[[numGroups]int]*layout{}
	orbits    domainTables[*orbitTable]
)

// layoutOf is the layout of the valid counts of a signature (see
// Signature.counts), built once and shared.
func layoutOf(count [numGroups]int) *layout {
	layoutsMu.Lock()
	defer layoutsMu.Unlock()
	if l := layouts[count]; l != nil {
		return l
	}
	l := &layout{count: count}
	if l.count[groupWhiteMen] == 0 {
		l.lead = groupWhiteKings
	}
	l.orbits = orbitTableOf(l.count[l.lead], groupDomain[l.lead].offset, groupDomain[l.lead].squares)
	l.restSize = 1
	for g := numGroups - 1; g >= 0; g-- {
		if g == l.lead {
			continue
		}
		d := groupDomain[g]
		l.stride[g] = l.restSize
		l.radix[g] = binomial[d.squares][l.count[g]]
		l.restSize *= l.radix[g]
		if l.count[g] > 0 {
			l.digits = append(l.digits, g)
		}
		if l.count[g] <= maxUnrankedGroup {
			l.sets[g] = unrankTableOf(l.count[g], d.offset, d.squares)
			l.mirroredRanks[g] = mirroredRankTableOf(l.count[g], d.offset, d.squares)
		}
	}
	l.size = uint64(len(l.orbits.set)) * l.restSize
	if l.size <= 1<<32 {
		l.restDivisor = newDivisor(l.restSize)
		for g := range numGroups {
			l.radixDivisor[g] = newDivisor(l.radix[g])
		}
	}
	layouts[count] = l
	return l
}

// maxUnrankedGroup is the largest group whose sets are kept in a table by
// colex rank (C(64, 4) sets, 5 MB), for decoding slots fast.
const maxUnrankedGroup = 4

var (
	unrankTables       domainTables[[]uint64]
	mirroredRankTables domainTables[[]uint32]
)

// unrankTableOf lists the sets of k squares of a domain by colex rank.
func unrankTableOf(k, offset, squares int) []uint64 {
	return unrankTables.of(k, offset, squares, func() []uint64 {
		t := make([]uint64, binomial[squares][k])
		for r := range t {
			t[r] = uncolex(uint64(r), k, offset, squares)
		}
		return t
	})
}

// mirroredRankTableOf lists, by colex rank, the colex ranks of the mirror
// images of the sets of k squares of a domain (at most maxUnrankedGroup).
func mirroredRankTableOf(k, offset, squares int) []uint32 {
	return mirroredRankTables.of(k, offset, squares, func() []uint32 {
		sets := unrankTableOf(k, offset, squares)
		t := make([]uint32, len(sets))
		for r, set := range sets {
			t[r] = uint32(colex(mirror(set), offset))
		}
		return t
	})
}

func orbitTableOf(k, offset, squares int) *orbitTable {
	return orbits.of(k, offset, squares, func() *orbitTable { return newOrbitTable(k, offset, squares) })
}

// pieces is the number of pieces of the layout's positions.
func (l *layout) pieces() int {
	n := 0
	for _, c := range l.count {
		n += c
	}
	return n
}

// groups splits a position with White to move into the four groups.
func groups(white, black, kings uint64) [numGroups]uint64 {
	return [numGroups]uint64{white &^ kings, white & kings, black &^ kings, black & kings}
}

// rest is the mixed-radix number of the groups other than the lead (an
// empty group's digit is 0).
func (l *layout) rest(g *[numGroups]uint64) uint64 {
	var r uint64
	for _, i := range l.digits {
		r += colex(g[i], groupDomain[i].offset) * l.stride[i]
	}
	return r
}

// rests are rest of g and of its mirror image.
func (l *layout) rests(g *[numGroups]uint64) (rest, mirrored uint64) {
	for _, i := range l.digits {
		r := colex(g[i], groupDomain[i].offset)
		rest += r * l.stride[i]
		mirrored += l.mirroredRank(i, r, g[i]) * l.stride[i]
	}
	return rest, mirrored
}

// mirroredRest is rest of the mirror image of the position of groups g
// whose digits are ranks (by group).
func (l *layout) mirroredRest(g, ranks *[numGroups]uint64) uint64 {
	var r uint64
	for _, i := range l.digits {
		r += l.mirroredRank(i, ranks[i], g[i]) * l.stride[i]
	}
	return r
}

// mirroredRank is the colex rank of the mirror image of set, the set of
// group i (not the lead) of colex rank r.
func (l *layout) mirroredRank(i int, r, set uint64) uint64 {
	if m := l.mirroredRanks[i]; m != nil {
		return uint64(m[r])
	}
	return mirroredColex(set, i)
}

// mirroredColex is the colex rank of the mirror image of set, a set of
// group i.
func mirroredColex(set uint64, i int) uint64 { return colex(mirror(set), groupDomain[i].offset) }

// index is the slot of a position with White to move whose groups g have
// l's counts.
func (l *layout) index(g [numGroups]uint64) uint64 {
	orbit, mode := l.orbitOf(g[l.lead])
	if mode == keepAsIs {
		return orbit + l.rest(&g)
	}
	rest, mirrored := l.rests(&g)
	if mode == mirrorAll {
		return orbit + mirrored
	}
	return orbit + min(rest, mirrored)
}

func mirrorGroups(g [numGroups]uint64) [numGroups]uint64 {
	for i := range g {
		g[i] = mirror(g[i])
	}
	return g
}

// slotDigits are the parts of a slot: its lead's orbit number, the rest
// (the other groups' mixed-radix number) and, by group, the other groups'
// colex ranks (its digits).
type slotDigits struct {
	orbit, rest uint64
	ranks       [numGroups]uint64
}

// position is the position of slot i (< size) as groups, and whether the
// slot holds one: its groups do not overlap and i is its index.
func (l *layout) position(i uint64) ([numGroups]uint64, bool) {
	var d slotDigits
	return l.decode(i, &d)
}

// decode is position, setting d to the digits of slot i.
func (l *layout) decode(i uint64, d *slotDigits) ([numGroups]uint64, bool) {
	var g [numGroups]uint64
	d.orbit = l.restDivisor.divide(i, l.restSize)
	g[l.lead] = l.orbits.set[d.orbit]
	d.rest = i - d.orbit*l.restSize
	all := g[l.lead]
	// The digits of the groups with pieces, from the innermost; the empty
	// groups' digits are 0 (radix 1).
	higher := d.rest
	for k, j := range l.digits {
		r := higher
		if k < len(l.digits)-1 {
			higher = l.radixDivisor[j].divide(r, l.radix[j])
			r -= higher * l.radix[j]
		}
		d.ranks[j] = r
		if l.sets[j] != nil {
			g[j] = l.sets[j][r]
		} else {
			dom := groupDomain[j]
			g[j] = uncolex(r, l.count[j], dom.offset, dom.squares)
		}
		if all&g[j] != 0 {
			return g, false
		}
		all |= g[j]
	}
	if l.orbits.symmetric[d.orbit] {
		return g, d.rest <= l.mirroredRest(&g, &d.ranks)
	}
	return g, true
}

// divisor divides numbers below 2^32 by d (at most 2^32) with a
// multiplication by its reciprocal m = floor(2^64/d) + 1, which is exact
// there: n·m/2^64 exceeds n/d by less than n/2^64 < 1/d, too little to
// reach the next integer. The zero divisor divides by hardware division.
type divisor struct{ m uint64 }

func newDivisor(d uint64) divisor {
	if d < 2 {
		return divisor{} // the hardware divides by 1 exactly too
	}
	q, _ := bits.Div64(1, 0, d) // floor(2^64 / d)
	return divisor{q + 1}
}

// divide is n / d, for the d of newDivisor (or, for the zero divisor, any d).
func (v divisor) divide(n, d uint64) uint64 {
	if v.m == 0 {
		return n / d
	}
	q, _ := bits.Mul64(n, v.m)
	return q
}

// partialIndex is the index in a layout of the positions whose groups
// are fixed but one, as a function of that group's set: the digits of the
// fixed groups are computed once.
type partialIndex struct {
	l      *layout
	vary   int
	rest   [2]uint64 // the fixed groups' digits, as they are and mirrored
	stride uint64    // of the varying group (0 when it leads)
	offset int       // of the varying group's domain
	// When another group leads, the mirror is decided once: orbit is its
	// orbit number × restSize and mode says keepAsIs, mirrorAll or
	// mirrorIfSmaller.
	orbit uint64
	mode  int
}

const (
	keepAsIs = iota
	mirrorAll
	mirrorIfSmaller
)

// partial is the partial index of l for the positions with the groups g
// except group vary.
func (l *layout) partial(g *[numGroups]uint64, vary int) partialIndex {
	x := partialIndex{l: l, vary: vary, stride: l.stride[vary], offset: groupDomain[vary].offset}
	for _, i := range l.digits {
		if i != vary {
			x.rest[0] += colex(g[i], groupDomain[i].offset) * l.stride[i]
			x.rest[1] += colex(mirror(g[i]), groupDomain[i].offset) * l.stride[i]
		}
	}
	if vary != l.lead {
		x.orbit, x.mode = l.orbitOf(g[l.lead])
	}
	return x
}

// orbitOf is the orbit part of the index of a position whose lead group
// has the given set, and how the mirror applies to the other groups.
func (l *layout) orbitOf(lead uint64) (orbit uint64, mode int) {
	v := l.orbits.byRank[colex(lead, groupDomain[l.lead].offset)]
	return uint64(v>>2) * l.restSize, int(v & 3)
}

// index is the slot of the position whose varying group has the given set.
func (x *partialIndex) index(set uint64) uint64 {
	orbit, mode := x.orbit, x.mode
	var own [2]uint64 // the varying group's digit, as it is and mirrored
	if x.vary == x.l.lead {
		orbit, mode = x.l.orbitOf(set)
	} else if mode != mirrorAll {
		own[0] = colex(set, x.offset) * x.stride
	}
	if mode != keepAsIs && x.vary != x.l.lead {
		own[1] = colex(mirror(set), x.offset) * x.stride
	}
	switch mode {
	case keepAsIs:
		return orbit + x.rest[0] + own[0]
	case mirrorAll:
		return orbit + x.rest[1] + own[1]
	}
	return orbit + min(x.rest[0]+own[0], x.rest[1]+own[1])
}
