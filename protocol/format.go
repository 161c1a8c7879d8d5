// Search output: `info` and `done` lines, scores in men with two decimals,
// times in seconds, speeds in millions of nodes per second, moves and
// variations in full notation (checked legal before they are written).

package protocol

import (
	"strconv"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
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
func infoLine(p engine.Position, in search.Info, multiPV bool) hub.Line {
	l := hub.NewLine("info").
		Set("depth", strconv.Itoa(in.Depth)).
		Set("seldepth", strconv.Itoa(in.SelDepth)).
		Set("score", formatScore(in.Score)).
		Set("nodes", strconv.FormatInt(in.Nodes, 10)).
		Set("time", formatSeconds(in.Time)).
		Set("nps", formatMNPS(in.NPS)).
		Set("hashfull", strconv.Itoa(in.Hashfull))
	if in.TBHits > 0 {
		l = l.Set("tbhits", strconv.FormatInt(in.TBHits, 10))
	}
	if multiPV && in.MultiPV > 0 {
		l = l.Set("multipv", strconv.Itoa(in.MultiPV))
	}
	return l.Set("pv", p.FormatLine(in.PV))
}

// doneLine is the `done` line for the outcome r of a search of p: the move
// and the expected reply when they are legal, a bare `done` when p has no
// legal move. A result without a legal move in a position that has one
// (which a correct search never gives) falls back to the first legal move,
// so the front-end always gets a legal answer; ok is false then.
func doneLine(p engine.Position, r search.Result) (l hub.Line, ok bool) {
	l = hub.NewLine("done")
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
	l = l.Set("move", p.FormatMove(m))
	next := p.Play(m)
	if ok && r.Ponder != engine.NoMove && next.IsLegal(r.Ponder) {
		l = l.Set("ponder", next.FormatMove(r.Ponder))
	}
	return l, ok
}
