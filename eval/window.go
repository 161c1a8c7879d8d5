// The windows of 4 files × 3 ranks, in the manner of Scan: each window's
// men, seen from the side to move (its men moving toward rank 8), read as
// a base-3 number (each square empty or a king 0, own man 1, enemy man 2)
// that indexes a table of 3^12 learned values. The windows stand at every
// placement on the board; those of nearby ranks share a table, and a
// window and its left–right mirror image share a value (the index is the
// smaller of the two readings). Kings are not in the windows: they have
// their own features (kings.go).

package eval

import "github.com/dameo/dameo/engine"

const (
	windowFiles   = 4
	windowRanks   = 3
	windowsAcross = 8 - windowFiles + 1 // placements along a rank
	windowsUp     = 8 - windowRanks + 1 // placements along a file
	// NumWindows is the number of 4×3 windows: window w covers files
	// w%5 to w%5+3 and ranks w/5 to w/5+2 in the side to move's view.
	NumWindows = windowsAcross * windowsUp
	// NumWindowTables is the number of 4×3 tables (WindowTable).
	NumWindowTables = 4
	// WindowConfigs is the number of contents of a 4×3 window, 3^12: the
	// square on the window's file j and rank i (both from 0) is digit
	// 4i + j, its state 0 (empty or king), 1 (own man) or 2 (enemy man).
	WindowConfigs = 531441
)

// windowTable is the table of the windows on each rank placement: the
// home ranks, the two lower middle, the two upper middle, and the
// opponent's home ranks.
var windowTable = [windowsUp]uint8{0, 1, 1, 2, 2, 3}

// WindowTable is the table of window w.
func WindowTable(w int) int { return int(windowTable[w/windowsAcross]) }

func pow3(n int) int32 {
	p := int32(1)
	for range n {
		p *= 3
	}
	return p
}

// rankReadings is the number of readings of one rank of a window, 3^4.
const rankReadings = 81

// rankMirror is the reading of one rank of a window (its four digits)
// with its files reversed.
var rankMirror = func() (t [rankReadings]int32) {
	for r := range t {
		d := int32(r)
		for j := range windowFiles {
			t[r] += d % 3 * pow3(windowFiles-1-j)
			d /= 3
		}
	}
	return t
}()

// mirrorReading is the reading of the left–right mirror image of a window
// that reads c: each rank's files reversed.
func mirrorReading(c int32) int32 {
	var m int32
	for i, place := 0, int32(1); i < windowRanks; i, place = i+1, place*rankReadings {
		m += rankMirror[c%rankReadings] * place
		c /= rankReadings
	}
	return m
}

// canonical is the table index of a window that reads c: the smaller of
// c and its mirror image's reading.
func canonical(c int32) int32 { return min(c, mirrorReading(c)) }

// windowView is the men of every window seen by one side (own men moving
// toward rank 8), kept by rank so that a change of one square changes two
// words: ranks[R] holds the readings of the rank's four squares at each
// window placement along it (placement f covers files f to f+3), each
// 0 to rankReadings−1, packed readingBits apart, placements 0–2 in
// ranks[R][0] and 3–4 in ranks[R][1]. A window's reading is its three
// ranks' readings at its placement, rank i of the window times
// rankReadings^i (rowReadings). A reading and its left–right mirror image
// share a value: the Evaluator's tables hold it at both, so the view keeps
// no mirror reading (WindowIndex takes the smaller).
type windowView struct {
	ranks [8][rankWords]uint64
}

const (
	// readingBits is the width of a packed reading: a window's reading,
	// below WindowConfigs, fits.
	readingBits = 21
	readingMask = 1<<readingBits - 1
	// readingsPerWord is the number of packed readings in a word.
	readingsPerWord = 64 / readingBits
	// rankWords is the number of words of a rank's placements.
	rankWords = (windowsAcross + readingsPerWord - 1) / readingsPerWord
)

// placementReadings[b] are the packed readings (as in windowView.ranks) of
// a rank whose own men are the bits of b and that has no enemy men; the
// enemy men's readings are twice those of the same squares' own men.
var placementReadings = func() (t [256][rankWords]uint64) {
	for b := range t {
		for f := range windowsAcross {
			var c uint64
			for j := range windowFiles {
				if b>>(f+j)&1 != 0 {
					c += uint64(pow3(j))
				}
			}
			t[b][f/readingsPerWord] += c << (readingBits * (f % readingsPerWord))
		}
	}
	return t
}()

// rowReadings are the readings of the windows on rank placement r (ranks
// r to r+2), packed as in windowView.ranks: placements 0–2 in lo, 3–4 in
// hi. Packed readings add without carries, each below 1<<readingBits.
func (v *windowView) rowReadings(r int) (lo, hi uint64) {
	a, b, c := &v.ranks[r], &v.ranks[r+1], &v.ranks[r+2]
	return a[0] + rankReadings*(b[0]+rankReadings*c[0]), a[1] + rankReadings*(b[1]+rankReadings*c[1])
}

// reading is the reading of window w.
func (v *windowView) reading(w int) int32 {
	lo, hi := v.rowReadings(w / windowsAcross)
	f := w % windowsAcross
	if f >= readingsPerWord {
		lo, f = hi, f-readingsPerWord
	}
	return int32(lo >> (readingBits * f) & readingMask)
}

// read sets v to the windows of own and enemy men, both in the viewer's
// orientation.
func (v *windowView) read(own, enemy engine.Bitboard) {
	for r := range v.ranks {
		o, e := &placementReadings[own>>(8*r)&255], &placementReadings[enemy>>(8*r)&255]
		for k := range v.ranks[r] {
			v.ranks[r][k] = o[k] + 2*e[k]
		}
	}
}

// sideMen are the side to move's and the opponent's men, in the side to
// move's view.
func sideMen(p *engine.Position) (own, enemy engine.Bitboard) {
	us := p.SideToMove()
	return engine.Orient(p.Men(us), us), engine.Orient(p.Men(us.Other()), us)
}

// WindowContents sets c to the index of each 4×3 window of p in its table
// (the smaller of its reading and its mirror image's), from the side to
// move's view.
func WindowContents(p *engine.Position, c *[NumWindows]int32) {
	var v windowView
	v.read(sideMen(p))
	for w := range c {
		c[w] = canonical(v.reading(w))
	}
}
