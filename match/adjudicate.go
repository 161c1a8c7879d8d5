// Adjudication rules of a match (not rules of the game): draw after plies
// without progress, a maximum game length, and resignation or draw when
// both engines' scores agree over several moves; the referee applies them
// before each move.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// DefaultDrawPlies is the default number of plies without a capture or a
// man move after which a game is drawn: the engine's no-progress limit.
const DefaultDrawPlies = engine.NoProgressLimit

// ResignRule adjudicates a loss when, over the last Moves moves of each
// engine, the losing side's engine scored at most −Score and its
// opponent's at least +Score (both agree). Moves = 0 disables it.
type ResignRule struct {
	Moves int
	Score float64 // in men, as in the engines' info score
}

// DrawRule adjudicates a draw from move number MoveNumber on when, over the
// last Moves moves of each engine, both scores were within ±Score.
// Moves = 0 disables it.
type DrawRule struct {
	MoveNumber int
	Moves      int
	Score      float64
}

// ParseResignRule reads "moves=3,score=5".
func ParseResignRule(s string) (ResignRule, error) {
	var r ResignRule
	kv, err := parseKeyValues(s, "moves", "score")
	if err != nil {
		return r, fmt.Errorf("resign: %v", err)
	}
	r.Moves, r.Score = int(kv["moves"]), kv["score"]
	if r.Moves < 1 || r.Score <= 0 || float64(r.Moves) != kv["moves"] {
		return r, fmt.Errorf("resign: moves must be a positive integer and score positive")
	}
	return r, nil
}

// ParseDrawRule reads "movenumber=40,moves=8,score=0.05".
func ParseDrawRule(s string) (DrawRule, error) {
	var r DrawRule
	kv, err := parseKeyValues(s, "movenumber", "moves", "score")
	if err != nil {
		return r, fmt.Errorf("draw: %v", err)
	}
	r.MoveNumber, r.Moves, r.Score = int(kv["movenumber"]), int(kv["moves"]), kv["score"]
	if r.Moves < 1 || r.Score < 0 || r.MoveNumber < 0 || float64(r.Moves) != kv["moves"] || float64(r.MoveNumber) != kv["movenumber"] {
		return r, fmt.Errorf("draw: movenumber and moves must be non-negative integers (moves ≥ 1), score ≥ 0")
	}
	return r, nil
}

// parseKeyValues reads comma or space separated name=number pairs; every
// name must be one of names and all are required.
func parseKeyValues(s string, names ...string) (map[string]float64, error) {
	kv := map[string]float64{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("%q is not name=value", f)
		}
		if k == "movecount" { // cutechess-cli's name
			k = "moves"
		}
		known := false
		for _, n := range names {
			known = known || n == k
		}
		if !known {
			return nil, fmt.Errorf("unknown name %q (want %s)", k, strings.Join(names, ", "))
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%s=%q is not a number", k, v)
		}
		kv[k] = x
	}
	for _, n := range names {
		if _, ok := kv[n]; !ok {
			return nil, fmt.Errorf("%s= is missing", n)
		}
	}
	return kv, nil
}

// lastScores returns the last n scores, or false when there are fewer or
// one of them is unknown (NaN: the engine sent no score).
func lastScores(scores []float64, n int) ([]float64, bool) {
	if len(scores) < n {
		return nil, false
	}
	s := scores[len(scores)-n:]
	for _, x := range s {
		if math.IsNaN(x) {
			return nil, false
		}
	}
	return s, true
}

// resigns reports whether the side whose scores are mine resigns, given
// its opponent's scores (each from its own engine's view).
func (r ResignRule) resigns(mine, theirs []float64) bool {
	if r.Moves == 0 {
		return false
	}
	a, ok1 := lastScores(mine, r.Moves)
	b, ok2 := lastScores(theirs, r.Moves)
	if !ok1 || !ok2 {
		return false
	}
	for i := range a {
		if a[i] > -r.Score || b[i] < r.Score {
			return false
		}
	}
	return true
}

// draws reports whether the draw rule applies at the given move number.
func (r DrawRule) draws(moveNumber int, white, black []float64) bool {
	if r.Moves == 0 || moveNumber < r.MoveNumber {
		return false
	}
	a, ok1 := lastScores(white, r.Moves)
	b, ok2 := lastScores(black, r.Moves)
	if !ok1 || !ok2 {
		return false
	}
	for i := range a {
		if math.Abs(a[i]) > r.Score || math.Abs(b[i]) > r.Score {
			return false
		}
	}
	return true
}

// adjudicate applies the adjudication rules before side moves.
func (r *referee) adjudicate(side engine.Color) (gameResult, bool) {
	plies := len(r.game.Moves())
	if r.set.drawPlies > 0 && r.game.NoProgressPlies() >= r.set.drawPlies {
		return gameResult{result: pdn.Draw, termination: pdn.TerminationAdjudication,
			reason: fmt.Sprintf("draw: %d plies without capture or man move", r.game.NoProgressPlies())}, true
	}
	if r.set.maxPlies > 0 && plies >= r.set.maxPlies {
		return gameResult{result: pdn.Draw, termination: pdn.TerminationAdjudication,
			reason: fmt.Sprintf("draw: maximum game length of %d plies", r.set.maxPlies)}, true
	}
	w, b := r.scores[engine.White], r.scores[engine.Black]
	for _, c := range []engine.Color{engine.White, engine.Black} {
		mine, theirs := w, b
		if c == engine.Black {
			mine, theirs = b, w
		}
		if r.set.resign.resigns(mine, theirs) {
			return gameResult{result: win(c.Other()), termination: pdn.TerminationAdjudication,
				reason: fmt.Sprintf("%s resigns: both engines' scores agree", c)}, true
		}
	}
	moveNumber := plies/2 + 1
	if r.set.draw.draws(moveNumber, w, b) {
		return gameResult{result: pdn.Draw, termination: pdn.TerminationAdjudication,
			reason: "draw: both engines' scores are near zero"}, true
	}
	return gameResult{}, false
}
