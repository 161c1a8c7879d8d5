// The incremental state of the evaluation: the contents of the 4×3
// windows seen by each side, kept per ply by the search (copy-make) and
// updated from the squares whose men a move changes, so that an
// evaluation reads them instead of the board.

package eval

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// State is the windows of a position as each side sees them (State.Init),
// brought up to date move by move (State.Update).
type State struct {
	views [2]windowView // by colour: own men are that colour's
}

// Init sets s to the state of p.
func (s *State) Init(p *engine.Position) {
	for c := range s.views {
		us := engine.Color(c)
		s.views[c].read(engine.Orient(p.Men(us), us), engine.Orient(p.Men(us.Other()), us))
	}
}

// Update changes s, the state of before, into the state of after: any two
// positions (in the search, after is before with one move played).
func (s *State) Update(before, after *engine.Position) {
	for c := range s.views {
		us := engine.Color(c)
		was, is := before.Men(us), after.Men(us)
		// A man of colour c is digit 1 in its own view, 2 in the other.
		own, other := &s.views[c], &s.views[c^1]
		for b := was &^ is; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			own.add(sq^flip[c], -1)
			other.add(sq^flip[c^1], -2)
		}
		for b := is &^ was; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			own.add(sq^flip[c], 1)
			other.add(sq^flip[c^1], 2)
		}
	}
}

// flip turns a square into each colour's view (engine.Orient): itself for
// White, the rank mirrored for Black.
var flip = [2]int{0, 56}

// add adds d to the digit of square sq (in the view's orientation) in
// every window that holds it.
func (v *windowView) add(sq int, d int32) {
	sw := &squareWindows[sq]
	for _, x := range sw.list[:sw.n] {
		v.contents[x.window] += d * x.pow
	}
}

// squareWindow is a window that holds a square, with the square's digit
// value in the window's reading.
type squareWindow struct {
	window uint8
	pow    int32
}

// squareWindows lists for each square the windows that hold it (at most
// windowFiles × windowRanks).
var squareWindows = func() (t [64]struct {
	n    uint8
	list [windowFiles * windowRanks]squareWindow
}) {
	for r := range windowsUp {
		for f := range windowsAcross {
			for i := range windowRanks {
				for j := range windowFiles {
					sq := 8*(r+i) + f + j
					sw := &t[sq]
					sw.list[sw.n] = squareWindow{uint8(r*windowsAcross + f), pow3(windowFiles*i + j)}
					sw.n++
				}
			}
		}
	}
	return t
}()
