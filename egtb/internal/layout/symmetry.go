// The colour swap, which turns a position with Black to move into an
// equivalent one with White to move.

package layout

import "github.com/dameo/dameo/engine"

// WhiteToMove are the white pieces, black pieces and kings of p seen with
// White to move: unchanged when White is to move, else with the colours
// swapped and the board flipped top to bottom. Dameo's rules are symmetric
// under this change, so the value of the position is the same.
func WhiteToMove(p *engine.Position) (white, black, kings uint64) {
	white, black = p.Pieces(engine.White), p.Pieces(engine.Black)
	kings = p.Kings(engine.White) | p.Kings(engine.Black)
	if p.SideToMove() == engine.Black {
		return Flip(black), Flip(white), Flip(kings)
	}
	return white, black, kings
}
