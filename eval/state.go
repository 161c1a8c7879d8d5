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
// every window that holds it: to its reading at each placement along its
// rank that covers its file. The packed readings wrap around as uint64 and
// so add d < 0 exactly.
func (v *windowView) add(sq int, d int64) {
	rank, man := &v.ranks[sq>>3&7], &fileReadings[sq&7]
	rank[0] += uint64(d) * man[0]
	rank[1] += uint64(d) * man[1]
}

// fileReadings[f] are the packed readings of a rank with one own man, on
// file f.
var fileReadings = func() (t [8][rankWords]uint64) {
	for f := range t {
		t[f] = placementReadings[1<<f]
	}
	return t
}()
