// Indexing: the bijection between the positions of a material (White to
// move, up to the left-right mirror) and the numbers 0..size-1 of its table.

package layout

import (
	"math/bits"
	"sync"
)

// The four groups of pieces, in index order.
// MaxGroup bounds each group's number of pieces (a limit of the index
// arithmetic, far above any table that can be built).
const MaxGroup = 7

const (
	GroupWhiteMen = iota
	GroupWhiteKings
	GroupBlackMen
	GroupBlackKings
	NumGroups
)

// GroupDomain[g] is where pieces of group g may stand: the squares
// offset..offset+squares-1. Men never stand on their own crowning rank
// (White's rank 8, Black's rank 1); kings stand anywhere.
var GroupDomain = [NumGroups]struct{ Offset, Squares int }{
	GroupWhiteMen:   {0, 56},
	GroupWhiteKings: {0, 64},
	GroupBlackMen:   {8, 56},
	GroupBlackKings: {0, 64},
}

// Binomial[n][k] is n choose k (0 when k > n).
var Binomial [65][MaxGroup + 1]uint64

func init() {
	for n := range Binomial {
		Binomial[n][0] = 1
		for k := 1; k <= MaxGroup && k <= n; k++ {
			Binomial[n][k] = Binomial[n-1][k-1]
			if k <= n-1 {
				Binomial[n][k] += Binomial[n-1][k]
			}
		}
	}
}

// ColexTerm[offset/8][i][s] is binomial(s-offset, i+1), the term of
// square s as the (i+1)-th smallest square of a set counted from offset
// (0 or 8); squares below offset never occur.
var ColexTerm [2][8][64]uint64

func init() {
	for o := range ColexTerm {
		for i := range MaxGroup {
			for s := 8 * o; s < 64; s++ {
				ColexTerm[o][i][s] = Binomial[s-8*o][i+1]
			}
		}
	}
}

// Colex is the rank of a set of squares among the sets of its size in the
// colexicographic order, its squares counted from offset (0 or 8): the sum
// of binomial(e_i, i) over its elements e_1 < e_2 < ... (1-based i).
func Colex(set uint64, offset int) uint64 {
	terms := &ColexTerm[offset>>3&1]
	var r uint64
	for i := 0; set != 0; i++ {
		r += terms[i&7][bits.TrailingZeros64(set)&63]
		set &= set - 1
	}
	return r
}

// Uncolex is the set of k squares (counted from offset, below
// offset+squares) whose colex rank is r.
func Uncolex(r uint64, k, offset, squares int) uint64 {
	var set uint64
	e := squares - 1
	for i := k; i >= 1; i-- {
		for Binomial[e][i] > r {
			e--
		}
		set |= 1 << (e + offset)
		r -= Binomial[e][i]
		e--
	}
	return set
}

// Mirror reflects a set of squares left to right (file a <-> file h).
func Mirror(b uint64) uint64 { return bits.ReverseBytes64(bits.Reverse64(b)) }

// Flip reflects a set of squares top to bottom (rank 1 <-> rank 8).
func Flip(b uint64) uint64 { return bits.ReverseBytes64(b) }

// orbitTable numbers the sets of k squares of a domain up to the mirror:
// a set is canonical when its colex rank is not above its mirror image's,
// and the canonical sets are numbered in colex order.
type orbitTable struct {
	number    []int32  // by colex rank of a canonical set: its number; -1 for other sets
	set       []uint64 // by number: the canonical set
	Symmetric []bool   // by number: whether the set is its own mirror image
	// ByRank, by colex rank of any set: its orbit's number << 2 | how the
	// mirror applies to the other groups (keepAsIs, mirrorAll or
	// mirrorIfSmaller).
	ByRank []uint32
}

func newOrbitTable(k, offset, squares int) *orbitTable {
	n := Binomial[squares][k]
	o := &orbitTable{number: make([]int32, n)}
	for r := range n {
		s := Uncolex(r, k, offset, squares)
		if Colex(Mirror(s), offset) < r {
			o.number[r] = -1
			continue
		}
		o.number[r] = int32(len(o.set))
		o.set = append(o.set, s)
		o.Symmetric = append(o.Symmetric, Mirror(s) == s)
	}
	o.ByRank = make([]uint32, n)
	for r := range n {
		rm := Colex(Mirror(Uncolex(r, k, offset, squares)), offset)
		mode := uint32(KeepAsIs)
		switch {
		case rm < r:
			mode = MirrorAll
		case rm == r:
			mode = MirrorIfSmaller
		}
		o.ByRank[r] = uint32(o.number[min(r, rm)])<<2 | mode
	}
	return o
}

// Layout is the index scheme of one material. The first group with pieces
// (white men, else white kings) leads: its set is taken up to the mirror
// (an orbit number), and the other groups' sets follow as digits of a
// mixed-radix number, each the set's colex rank in its group's domain:
//
//	index = orbit × restSize + Σ colex(group g) × stride[g]
//
// When the leading set is its own mirror image, the position and its image
// have the same orbit and the smaller rest is the index. Digits of groups
// that overlap, and such non-minimal rests, are slots without a position.
type Layout struct {
	Count    [NumGroups]int
	Lead     int
	Orbits   *orbitTable
	Stride   [NumGroups]uint64   // 0 for the lead group
	radix    [NumGroups]uint64   // number of sets of each group
	digits   []int               // the groups other than the lead with pieces, innermost (stride 1 side) first
	sets     [NumGroups][]uint64 // by colex rank, the sets of the non-lead groups (nil when too many)
	RestSize uint64
	Size     uint64
	// by restSize and by each radix, for slots decoded by multiplication
	// (when size allows, see divisor)
	restDivisor  Divisor
	radixDivisor [NumGroups]Divisor
	// by colex rank, the colex rank of the mirror image of the non-lead
	// groups' sets (nil when sets is)
	mirroredRanks [NumGroups][]uint32
}

var (
	layoutsMu sync.Mutex
	layouts   = map[[NumGroups]int]*Layout{}
	orbits    domainTables[*orbitTable]
)

// Of is the layout of the valid counts of a material (see
// Material.counts), built once and shared.
func Of(count [NumGroups]int) *Layout {
	layoutsMu.Lock()
	defer layoutsMu.Unlock()
	if l := layouts[count]; l != nil {
		return l
	}
	l := &Layout{Count: count}
	if l.Count[GroupWhiteMen] == 0 {
		l.Lead = GroupWhiteKings
	}
	l.Orbits = orbitTableOf(l.Count[l.Lead], GroupDomain[l.Lead].Offset, GroupDomain[l.Lead].Squares)
	l.RestSize = 1
	for g := NumGroups - 1; g >= 0; g-- {
		if g == l.Lead {
			continue
		}
		d := GroupDomain[g]
		l.Stride[g] = l.RestSize
		l.radix[g] = Binomial[d.Squares][l.Count[g]]
		l.RestSize *= l.radix[g]
		if l.Count[g] > 0 {
			l.digits = append(l.digits, g)
		}
		if l.Count[g] <= MaxUnrankedGroup {
			l.sets[g] = UnrankTableOf(l.Count[g], d.Offset, d.Squares)
			l.mirroredRanks[g] = mirroredRankTableOf(l.Count[g], d.Offset, d.Squares)
		}
	}
	l.Size = uint64(len(l.Orbits.set)) * l.RestSize
	if l.Size <= 1<<32 {
		l.restDivisor = NewDivisor(l.RestSize)
		for g := range NumGroups {
			l.radixDivisor[g] = NewDivisor(l.radix[g])
		}
	}
	layouts[count] = l
	return l
}

// MaxUnrankedGroup is the largest group whose sets are kept in a table by
// colex rank (C(64, 4) sets, 5 MB), for decoding slots fast.
const MaxUnrankedGroup = 4

var (
	unrankTables       domainTables[[]uint64]
	mirroredRankTables domainTables[[]uint32]
)

// UnrankTableOf lists the sets of k squares of a domain by colex rank.
func UnrankTableOf(k, offset, squares int) []uint64 {
	return unrankTables.of(k, offset, squares, func() []uint64 {
		t := make([]uint64, Binomial[squares][k])
		for r := range t {
			t[r] = Uncolex(uint64(r), k, offset, squares)
		}
		return t
	})
}

// mirroredRankTableOf lists, by colex rank, the colex ranks of the mirror
// images of the sets of k squares of a domain (at most maxUnrankedGroup).
func mirroredRankTableOf(k, offset, squares int) []uint32 {
	return mirroredRankTables.of(k, offset, squares, func() []uint32 {
		sets := UnrankTableOf(k, offset, squares)
		t := make([]uint32, len(sets))
		for r, set := range sets {
			t[r] = uint32(Colex(Mirror(set), offset))
		}
		return t
	})
}

func orbitTableOf(k, offset, squares int) *orbitTable {
	return orbits.of(k, offset, squares, func() *orbitTable { return newOrbitTable(k, offset, squares) })
}

// pieces is the number of pieces of the layout's positions.
func (l *Layout) pieces() int {
	n := 0
	for _, c := range l.Count {
		n += c
	}
	return n
}

// Groups splits a position with White to move into the four groups.
func Groups(white, black, kings uint64) [NumGroups]uint64 {
	return [NumGroups]uint64{white &^ kings, white & kings, black &^ kings, black & kings}
}

// rest is the mixed-radix number of the groups other than the lead (an
// empty group's digit is 0).
func (l *Layout) rest(g *[NumGroups]uint64) uint64 {
	var r uint64
	for _, i := range l.digits {
		r += Colex(g[i], GroupDomain[i].Offset) * l.Stride[i]
	}
	return r
}

// rests are rest of g and of its mirror image.
func (l *Layout) rests(g *[NumGroups]uint64) (rest, mirrored uint64) {
	for _, i := range l.digits {
		r := Colex(g[i], GroupDomain[i].Offset)
		rest += r * l.Stride[i]
		mirrored += l.mirroredRank(i, r, g[i]) * l.Stride[i]
	}
	return rest, mirrored
}

// MirroredRest is rest of the mirror image of the position of groups g
// whose digits are ranks (by group).
func (l *Layout) MirroredRest(g, ranks *[NumGroups]uint64) uint64 {
	var r uint64
	for _, i := range l.digits {
		r += l.mirroredRank(i, ranks[i], g[i]) * l.Stride[i]
	}
	return r
}

// mirroredRank is the colex rank of the mirror image of set, the set of
// group i (not the lead) of colex rank r.
func (l *Layout) mirroredRank(i int, r, set uint64) uint64 {
	if m := l.mirroredRanks[i]; m != nil {
		return uint64(m[r])
	}
	return mirroredColex(set, i)
}

// mirroredColex is the colex rank of the mirror image of set, a set of
// group i.
func mirroredColex(set uint64, i int) uint64 { return Colex(Mirror(set), GroupDomain[i].Offset) }

// Index is the slot of a position with White to move whose groups g have
// l's counts.
func (l *Layout) Index(g [NumGroups]uint64) uint64 {
	orbit, mode := l.orbitOf(g[l.Lead])
	if mode == KeepAsIs {
		return orbit + l.rest(&g)
	}
	rest, mirrored := l.rests(&g)
	if mode == MirrorAll {
		return orbit + mirrored
	}
	return orbit + min(rest, mirrored)
}

func MirrorGroups(g [NumGroups]uint64) [NumGroups]uint64 {
	for i := range g {
		g[i] = Mirror(g[i])
	}
	return g
}

// SlotDigits are the parts of a slot: its lead's orbit number, the rest
// (the other groups' mixed-radix number) and, by group, the other groups'
// colex ranks (its digits).
type SlotDigits struct {
	Orbit, Rest uint64
	Ranks       [NumGroups]uint64
}

// Position is the position of slot i (< size) as groups, and whether the
// slot holds one: its groups do not overlap and i is its index.
func (l *Layout) Position(i uint64) ([NumGroups]uint64, bool) {
	var d SlotDigits
	return l.Decode(i, &d)
}

// Decode is position, setting d to the digits of slot i.
func (l *Layout) Decode(i uint64, d *SlotDigits) ([NumGroups]uint64, bool) {
	var g [NumGroups]uint64
	d.Orbit = l.restDivisor.Divide(i, l.RestSize)
	g[l.Lead] = l.Orbits.set[d.Orbit]
	d.Rest = i - d.Orbit*l.RestSize
	all := g[l.Lead]
	// The digits of the groups with pieces, from the innermost; the empty
	// groups' digits are 0 (radix 1).
	higher := d.Rest
	for k, j := range l.digits {
		r := higher
		if k < len(l.digits)-1 {
			higher = l.radixDivisor[j].Divide(r, l.radix[j])
			r -= higher * l.radix[j]
		}
		d.Ranks[j] = r
		if l.sets[j] != nil {
			g[j] = l.sets[j][r]
		} else {
			dom := GroupDomain[j]
			g[j] = Uncolex(r, l.Count[j], dom.Offset, dom.Squares)
		}
		if all&g[j] != 0 {
			return g, false
		}
		all |= g[j]
	}
	if l.Orbits.Symmetric[d.Orbit] {
		return g, d.Rest <= l.MirroredRest(&g, &d.Ranks)
	}
	return g, true
}

// Divisor divides numbers below 2^32 by d (at most 2^32) with a
// multiplication by its reciprocal m = floor(2^64/d) + 1, which is exact
// there: n·m/2^64 exceeds n/d by less than n/2^64 < 1/d, too little to
// reach the next integer. The zero divisor divides by hardware division.
type Divisor struct{ m uint64 }

func NewDivisor(d uint64) Divisor {
	if d < 2 {
		return Divisor{} // the hardware divides by 1 exactly too
	}
	q, _ := bits.Div64(1, 0, d) // floor(2^64 / d)
	return Divisor{q + 1}
}

// Divide is n / d, for the d of newDivisor (or, for the zero divisor, any d).
func (v Divisor) Divide(n, d uint64) uint64 {
	if v.m == 0 {
		return n / d
	}
	q, _ := bits.Mul64(n, v.m)
	return q
}

// PartialIndex is the index in a layout of the positions whose groups
// are fixed but one, as a function of that group's set: the digits of the
// fixed groups are computed once.
type PartialIndex struct {
	l      *Layout
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
	KeepAsIs = iota
	MirrorAll
	MirrorIfSmaller
)

// Partial is the partial index of l for the positions with the groups g
// except group vary.
func (l *Layout) Partial(g *[NumGroups]uint64, vary int) PartialIndex {
	x := PartialIndex{l: l, vary: vary, stride: l.Stride[vary], offset: GroupDomain[vary].Offset}
	for _, i := range l.digits {
		if i != vary {
			x.rest[0] += Colex(g[i], GroupDomain[i].Offset) * l.Stride[i]
			x.rest[1] += Colex(Mirror(g[i]), GroupDomain[i].Offset) * l.Stride[i]
		}
	}
	if vary != l.Lead {
		x.orbit, x.mode = l.orbitOf(g[l.Lead])
	}
	return x
}

// orbitOf is the orbit part of the index of a position whose lead group
// has the given set, and how the mirror applies to the other groups.
func (l *Layout) orbitOf(lead uint64) (orbit uint64, mode int) {
	v := l.Orbits.ByRank[Colex(lead, GroupDomain[l.Lead].Offset)]
	return uint64(v>>2) * l.RestSize, int(v & 3)
}

// Index is the slot of the position whose varying group has the given set.
func (x *PartialIndex) Index(set uint64) uint64 {
	orbit, mode := x.orbit, x.mode
	var own [2]uint64 // the varying group's digit, as it is and mirrored
	if x.vary == x.l.Lead {
		orbit, mode = x.l.orbitOf(set)
	} else if mode != MirrorAll {
		own[0] = Colex(set, x.offset) * x.stride
	}
	if mode != KeepAsIs && x.vary != x.l.Lead {
		own[1] = Colex(Mirror(set), x.offset) * x.stride
	}
	switch mode {
	case KeepAsIs:
		return orbit + x.rest[0] + own[0]
	case MirrorAll:
		return orbit + x.rest[1] + own[1]
	}
	return orbit + min(x.rest[0]+own[0], x.rest[1]+own[1])
}

// CountsOf are the numbers of pieces of a position's groups.
func CountsOf(g *[NumGroups]uint64) [NumGroups]int {
	return [NumGroups]int{bits.OnesCount64(g[0]), bits.OnesCount64(g[1]), bits.OnesCount64(g[2]), bits.OnesCount64(g[3])}
}
