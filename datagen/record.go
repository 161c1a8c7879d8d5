// A training record: a quiet position, its game's result and its search
// score, and their text form (one line of a data file).

package datagen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// Outcome is a game's result from White's view.
type Outcome uint8

const (
	// BlackWins: White lost.
	BlackWins Outcome = iota
	// Drawn: neither side won.
	Drawn
	// WhiteWins: Black lost.
	WhiteWins
)

var outcomeTexts = [...]string{BlackWins: "0-1", Drawn: "1/2", WhiteWins: "1-0"}

// String is the outcome as a data file writes it: "1-0", "0-1" or "1/2".
func (o Outcome) String() string {
	if int(o) < len(outcomeTexts) {
		return outcomeTexts[o]
	}
	return "Outcome(?)"
}

// For is the outcome as a score for side c: 1 for a win, ½ for a draw and
// 0 for a loss.
func (o Outcome) For(c engine.Color) float64 {
	s := float64(o) / 2
	if c == engine.Black {
		return 1 - s
	}
	return s
}

// parseOutcome reads "1-0", "0-1" or "1/2".
func parseOutcome(s string) (Outcome, error) {
	for o, t := range outcomeTexts {
		if s == t {
			return Outcome(o), nil
		}
	}
	return 0, fmt.Errorf("result %q is not 1-0, 0-1 or 1/2", s)
}

// Record is one training position.
type Record struct {
	Position engine.Position
	Result   Outcome      // the game's result
	Score    search.Score // the search score, side to move's view
	Game     int          // the index of the game it comes from
	Ply      int          // plies from the game's initial position (UnknownPly: not known)
}

// Target is the record's result for the side to move: 1, ½ or 0.
func (r *Record) Target() float64 { return r.Result.For(r.Position.SideToMove()) }

// String is the record's line in a data file (without the newline).
func (r *Record) String() string {
	return r.Position.String() + ";" + r.Result.String() + ";" + strconv.Itoa(int(r.Score))
}

// parseRecord reads a position line; the game index is set by the caller.
func parseRecord(line string) (Record, error) {
	fields := strings.Split(line, ";")
	if len(fields) != 3 {
		return Record{}, fmt.Errorf("want 3 fields separated by ';', found %d", len(fields))
	}
	var r Record
	var err error
	if r.Position, err = engine.ParsePosition(fields[0]); err != nil {
		return Record{}, err
	}
	if r.Result, err = parseOutcome(fields[1]); err != nil {
		return Record{}, err
	}
	score, err := strconv.Atoi(fields[2])
	if err != nil || score < -int(search.Win) || score > int(search.Win) {
		return Record{}, fmt.Errorf("score %q is not a whole number from %d to %d", fields[2], -search.Win, search.Win)
	}
	r.Score = search.Score(score)
	return r, nil
}
