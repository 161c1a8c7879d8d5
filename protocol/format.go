// Search output: the `info` and `done` lines (hub.Info and hub.Done) of a
// search's reports and result, scores in men, speeds in millions of nodes
// per second, moves and variations in full notation (checked legal before
// they are written).

package protocol

import (
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// infoLine is the `info` line of a progress report for a search of p;
// multiPV adds the multipv= field.
func infoLine(p engine.Position, in search.Info, multiPV bool) hub.Line {
	out := hub.Info{
		Depth:    in.Depth,
		SelDepth: in.SelDepth,
		Score:    float64(in.Score) / 100,
		Nodes:    in.Nodes,
		Time:     in.Time,
		NPS:      float64(in.NPS) / 1e6,
		Hashfull: in.Hashfull,
		TBHits:   in.TBHits,
		PV:       strings.Fields(p.FormatLine(in.PV)),
	}
	if multiPV {
		out.MultiPV = in.MultiPV
	}
	return out.Line()
}

// doneLine is the `done` line for the outcome r of a search of p: the move
// and the expected reply when they are legal, a bare `done` when p has no
// legal move. A result without a legal move in a position that has one
// (which a correct search never gives) falls back to the first legal move,
// so the front-end always gets a legal answer; ok is false then.
func doneLine(p engine.Position, r search.Result) (l hub.Line, ok bool) {
	var moves engine.MoveList
	p.GenerateMoves(&moves)
	if moves.Len == 0 {
		return hub.Done{}.Line(), !r.HasMove
	}
	ok = r.HasMove && p.IsLegal(r.Move)
	m := r.Move
	if !ok {
		m = moves.Moves[0]
	}
	d := hub.Done{Move: p.FormatMove(m)}
	next := p.Play(m)
	if ok && r.Ponder != engine.NoMove && next.IsLegal(r.Ponder) {
		d.Ponder = next.FormatMove(r.Ponder)
	}
	return d.Line(), ok
}
