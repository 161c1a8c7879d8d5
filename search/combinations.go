// What Options.Combinations adds to the search for Dameo's combinations,
// where a man given up forces a capture that opens a longer one for the
// side that gave it: tactical moves (offering or threatening a capture)
// spared from pruning and reductions, a second capture-threat extension,
// and the sacrifices of a quiet position at the horizon searched before
// it is taken at its static score. A testing setting, off by default,
// to be kept or dropped by its match.

package search

import "github.com/dameo/dameo/engine"

// combinationThreatExtensions is maxThreatExtensions with Combinations.
const combinationThreatExtensions = 2

// maxThreatExtensions is the number of capture-threat extensions allowed
// on a path.
func (w *worker) maxThreatExtensions() int {
	if w.combinations {
		return combinationThreatExtensions
	}
	return maxThreatExtensions
}

// isTactical reports whether the quiet move that led to child offers a
// capture (the side to move in child must capture) or threatens one (a
// piece of the side to move in child could be taken; the mover had no
// capture before its move, captures being compulsory, so the threat is
// the move's).
func isTactical(child *engine.Position) bool {
	m := child.LeafMasks()
	return m.Takes != 0 || m.Threatened != 0
}

// sacrificeSearch is the score of a quiet position at the horizon (ply,
// no capture for the side to move, which has a move): the static score
// if the side to move stands on it, or the best of its sacrifices, each
// searched through the captures it forces (depth 0). One sacrifice on a
// path at most.
func (w *worker) sacrificeSearch(alpha, beta Score, ply int) Score {
	best := w.evaluate(ply)
	if best >= beta {
		return best
	}
	alpha = max(alpha, best)
	f, child := &w.frames[ply], &w.frames[ply+1]
	p, l := &f.pos, &f.list
	p.GenerateQuiet(l)
	for _, m := range l.Slice() {
		child.pos = p.Play(m)
		if child.pos.LeafMasks().Takes == 0 {
			continue // not a sacrifice
		}
		w.enter(ply+1, m)
		child.threatExtensions = f.threatExtensions
		child.sacrifices = f.sacrifices + 1
		s := -w.search(-beta, -alpha, 0, ply+1, false)
		if w.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}
