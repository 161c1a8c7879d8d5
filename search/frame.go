// A frame is the search's record of one ply of its path: the position
// there, how it was reached, its moves and their order, and what the node
// there has found. A worker keeps one frame per ply, the root's first.

package search

import "github.com/dameo/dameo/engine"

// frame is the search's state at one ply of the path.
type frame struct {
	pos  engine.Position
	move engine.Move // the move that led to pos (none at the root)
	// quiet is the no-progress count of pos: plies since the last capture
	// or man move.
	quiet int
	// threatExtensions is the number of capture-threat extensions on the
	// path to this ply, set by the node above (0 at ply 1).
	threatExtensions int
	// sacrifices is the number of horizon sacrifices (combinations.go) on
	// the path to this ply.
	sacrifices int
	killers    [2]engine.Move
	list       engine.MoveList // the moves of pos, once generated
	pick       picker          // their order
	// pv[ply:pvLen] is the best line found from this ply (the triangular
	// table's row of the ply).
	pvLen int
	pv    [maxPly + 1]engine.Move
}
