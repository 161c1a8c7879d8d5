// Search output: `info` and `done` lines, scores in men with two decimals,
// times in seconds, speeds in millions of nodes per second, moves and
// variations in full notation (checked legal before they are written).
package protocol

import (
	"strconv"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// formatScore writes a score in men with two decimals: 35 is "0.35", a win
// in 7 plies (Win-7) is "99.93", its loss "-99.93".
func formatScore(s search.Score) string {
	v := int64(s)
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	frac := strconv.FormatInt(v%100, 10)
	if len(frac) == 1 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(v/100, 10) + "." + frac
}

// formatSeconds writes a duration in seconds with millisecond precision.
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
}

// formatMNPS writes nodes per second in millions with two decimals.
func formatMNPS(nps int64) string {
	return strconv.FormatFloat(float64(nps)/1e6, 'f', 2, 64)
}

// infoLine is the `info` line of a progress report for a search of p;
// multiPV adds the multipv= field.
func infoLine(p engine.Position, in search.Info, multiPV bool) Line {
	l := newLine("info",
		"depth", strconv.Itoa(in.Depth),
		"seldepth", strconv.Itoa(in.SelDepth),
		"score", formatScore(in.Score),
		"nodes", strconv.FormatInt(in.Nodes, 10),
		"time", formatSeconds(in.Time),
		"nps", formatMNPS(in.NPS),
		"hashfull", strconv.Itoa(in.Hashfull))
	if multiPV && in.MultiPV > 0 {
		l.Args = append(l.Args, Arg{Name: "multipv", Value: strconv.Itoa(in.MultiPV)})
	}
	l.Args = append(l.Args, Arg{Name: "pv", Value: p.FormatLine(in.PV)})
	return l
}

// doneLine is the `done` line for the outcome r of a search of p: the move
// and the expected reply when they are legal, a bare `done` when p has no
// legal move. A result without a legal move in a position that has one
// (which a correct search never gives) falls back to the first legal move,
// so the front-end always gets a legal answer; ok is false then.
func doneLine(p engine.Position, r search.Result) (l Line, ok bool) {
	l = Line{Command: "done"}
	var moves engine.MoveList
	p.GenerateMoves(&moves)
	if moves.Len == 0 {
		return l, !r.HasMove
	}
	ok = r.HasMove && p.IsLegal(r.Move)
	m := r.Move
	if !ok {
		m = moves.Moves[0]
	}
	l.Args = append(l.Args, Arg{Name: "move", Value: p.FormatMove(m)})
	next := p.Play(m)
	if ok && r.Ponder != engine.NoMove && next.IsLegal(r.Ponder) {
		l.Args = append(l.Args, Arg{Name: "ponder", Value: next.FormatMove(r.Ponder)})
	}
	return l, ok
}
