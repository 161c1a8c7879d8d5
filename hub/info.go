// The info message: a search's progress report, with its depth, score in
// men, nodes, time in seconds, speed and principal variation.

package hub

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Info is an info line.
type Info struct {
	Depth    int
	SelDepth int
	Score    float64 // in men, for the side to move, written with two decimals; NaN when the line has none
	Nodes    int64
	Time     time.Duration // since go, written by FormatSeconds
	NPS      float64       // millions of nodes per second, written with two decimals
	Hashfull int           // permille
	TBHits   int64         // written when above 0
	MultiPV  int           // the rank of the line in go analyze with multipv; written when above 0
	PV       []string      // the principal variation, in order; nil when empty
}

// Line is the info line of in: depth, seldepth, score (unless NaN), nodes,
// time, nps, hashfull, tbhits and multipv when above 0, and pv, always.
func (in Info) Line() Line {
	l := NewLine("info").
		Set("depth", strconv.Itoa(in.Depth)).
		Set("seldepth", strconv.Itoa(in.SelDepth))
	if !math.IsNaN(in.Score) {
		l = l.Set("score", strconv.FormatFloat(in.Score, 'f', 2, 64))
	}
	l = l.Set("nodes", strconv.FormatInt(in.Nodes, 10)).
		Set("time", FormatSeconds(in.Time)).
		Set("nps", strconv.FormatFloat(in.NPS, 'f', 2, 64)).
		Set("hashfull", strconv.Itoa(in.Hashfull))
	if in.TBHits > 0 {
		l = l.Set("tbhits", strconv.FormatInt(in.TBHits, 10))
	}
	if in.MultiPV > 0 {
		l = l.Set("multipv", strconv.Itoa(in.MultiPV))
	}
	return l.Set("pv", strings.Join(in.PV, " "))
}

// ParseInfo reads an info line. A field the line lacks is zero (Score
// NaN); a field in a form that is not the protocol's, or out of its range,
// is zero too, and the error names the first such field, "bad info
// nodes=x: want a whole number from 0 to ...", while the Info holds every
// field read well (a front-end may show them). A line of another command
// gives only an error. Unknown arguments are ignored.
func ParseInfo(l Line) (Info, error) {
	if l.Command != "info" {
		return Info{Score: math.NaN()}, errors.New("not an info line")
	}
	in := Info{Score: math.NaN()}
	var first error
	for _, a := range l.Args {
		var err error
		switch a.Name {
		case "depth":
			in.Depth, err = parseInt(a.Value, 0, math.MaxInt32)
		case "seldepth":
			in.SelDepth, err = parseInt(a.Value, 0, math.MaxInt32)
		case "score":
			in.Score, err = parseScore(a.Value)
		case "nodes":
			in.Nodes, err = ParseWhole(a.Value, 0, math.MaxInt64)
		case "time":
			in.Time, err = ParseSeconds(a.Value, 0, MaxTime)
		case "nps":
			in.NPS, err = ParseDecimal(a.Value, 0, maxMNPS)
		case "hashfull":
			in.Hashfull, err = parseInt(a.Value, 0, 1000)
		case "tbhits":
			in.TBHits, err = ParseWhole(a.Value, 0, math.MaxInt64)
		case "multipv":
			in.MultiPV, err = parseInt(a.Value, 1, math.MaxInt32)
		case "pv":
			in.PV = nil
			if strings.TrimSpace(a.Value) != "" {
				in.PV = strings.Fields(a.Value)
			}
		}
		if err != nil && first == nil {
			first = fmt.Errorf("bad info %s=%s: %v", a.Name, a.Value, err)
		}
	}
	return in, first
}

// maxScore and maxMNPS bound the score (in men, either sign) and the speed
// (millions of nodes per second) an info line carries: far beyond any
// engine's, and exact in a float64 to two decimals.
const (
	maxScore = 1e9
	maxMNPS  = 1e9
)

// parseInt reads a whole number from lo to hi as an int.
func parseInt(s string, lo, hi int64) (int, error) {
	n, err := ParseWhole(s, lo, hi)
	return int(n), err
}

// parseScore reads a score: a decimal with an optional '-' before it. A
// bad one gives NaN, as a line without a score.
func parseScore(s string) (float64, error) {
	v, err := ParseDecimal(strings.TrimPrefix(s, "-"), 0, maxScore)
	if err != nil {
		return math.NaN(), fmt.Errorf("want a number of men, such as 0.35 or -1.00, of at most %s either way", FormatDecimal(maxScore))
	}
	if strings.HasPrefix(s, "-") {
		v = -v
	}
	return v, nil
}
