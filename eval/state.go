// The incremental state of the evaluation: the contents of the 4×3
// patterns seen by each side, kept per ply on a Stack (stack.go) and
// updated from the squares whose men a move changes, so that an
// evaluation reads them instead of the board.

package eval

import (
	"math/bits"

	"github.com/dameo/dameo/engine"
)

// State is the patterns of a position as each side sees them (State.Init),
// brought up to date move by move (State.Update).
type State struct {
	views [2]patternView // by colour: own men are that colour's
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
		s.views[c].update(engine.Color(c), before, after)
	}
}

// update changes v, colour us's view of before, into its view of after:
// the squares whose men of us (digit 1) or of the opponent (digit 2)
// differ.
func (v *patternView) update(us engine.Color, before, after *engine.Position) {
	flip := flip[us]
	for i, c := range [2]engine.Color{us, us.Other()} {
		digit := int64(i + 1)
		was, is := before.Men(c), after.Men(c)
		for b := was &^ is; b != 0; b &= b - 1 {
			v.add(bits.TrailingZeros64(b)^flip, -digit)
		}
		for b := is &^ was; b != 0; b &= b - 1 {
			v.add(bits.TrailingZeros64(b)^flip, digit)
		}
	}
}

// flip turns a square into each colour's view (engine.Orient): itself for
// White, the rank mirrored for Black.
var flip = [2]int{0, 56}

// add adds d to the digit of square sq (in the view's orientation) in
// every pattern that holds it: to its reading at each placement along its
// rank that covers its file. The packed readings wrap around as uint64 and
// so add d < 0 exactly.
func (v *patternView) add(sq int, d int64) {
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
