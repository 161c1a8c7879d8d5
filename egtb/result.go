// Results: the game-theoretic value of a position and its distance to the
// end of the game, from the side to move's point of view.

package egtb

import "fmt"

// WDL is a game-theoretic value for the side to move.
type WDL int8

const (
	// Loss: the side to move loses against best play.
	Loss WDL = -1
	// Draw: neither side can force a win; play goes on for ever.
	Draw WDL = 0
	// Win: the side to move wins against best play.
	Win WDL = 1
)

// String is "loss", "draw" or "win".
func (w WDL) String() string {
	switch w {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Result is a position's value for the side to move and, for a win or a
// loss, its distance to win (DTW): the number of plies until the loser has
// no legal move, when the winner wins as fast as possible and the loser
// resists as long as possible. Wins have odd distances, losses even ones
// (a side without a legal move has lost in 0); draws have 0. A win or loss
// known from a WDL file alone (ProbeAny) has no distance: its DTW is a
// stand-in (UnknownDistance) and DistanceKnown is false.
type Result struct {
	WDL WDL
	DTW int
	// noDistance: a win or loss from a WDL file alone, DTW a stand-in.
	noDistance bool
}

// fromWDL is the result of a position whose value w a WDL file alone gives.
func fromWDL(w WDL) Result {
	return Result{WDL: w, DTW: UnknownDistance(w), noDistance: w != Draw}
}

// DistanceKnown reports whether DTW is the distance to win: true for the
// results of full tables and for draws, false for a win or loss known
// from a WDL file alone.
func (r Result) DistanceKnown() bool { return !r.noDistance }

// String is e.g. "win in 7", "loss in 0" or "draw", and "win" or "loss"
// when the distance is not known.
func (r Result) String() string {
	switch {
	case r.WDL == Draw:
		return "draw"
	case r.noDistance:
		return r.WDL.String()
	}
	return fmt.Sprintf("%v in %d", r.WDL, r.DTW)
}

// score orders results from the side to move's view: faster wins first,
// then draws, then slower losses.
func (r Result) score() int {
	switch r.WDL {
	case Win:
		return 1<<20 - r.DTW
	case Loss:
		return -(1 << 20) + r.DTW
	}
	return 0
}

// Better reports whether r is better than o for the side to move.
func (r Result) Better(o Result) bool { return r.score() > o.score() }

// Parent is the value, for the side that moves into a position worth r
// (to the side then to move), of that move: a win becomes a loss one ply
// longer and a loss a win (with no distance known if r has none).
func (r Result) Parent() Result {
	switch r.WDL {
	case Win:
		return Result{WDL: Loss, DTW: r.DTW + 1, noDistance: r.noDistance}
	case Loss:
		return Result{WDL: Win, DTW: r.DTW + 1, noDistance: r.noDistance}
	}
	return r
}

// UnknownDistance stands for the distance of a win or loss known from a
// WDL file alone (0 for a draw): 799 plies for a win and 798 for a loss,
// longer than the distances of the tables up to 5 pieces (the longest is
// printed by dameo egtb stats) and short enough for a search that counts
// wins within 1,000 plies, so that it prefers every win of known length
// and puts off every loss of unknown length.
func UnknownDistance(w WDL) int {
	switch w {
	case Win:
		return unknownWin
	case Loss:
		return unknownWin - 1
	}
	return 0
}

const unknownWin = 799
