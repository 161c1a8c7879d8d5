// What the index knows of a position: the games that reached it, and for
// each move played from it the games and how they ended, most played
// first.

package explorer

import (
	"cmp"
	"slices"

	"github.com/dameo/dameo/engine"
)

// Counts are games and how they ended; Games counts the unfinished ones
// too.
type Counts struct {
	Games     int
	WhiteWins int
	Draws     int
	BlackWins int
}

func countsOf(t tally) Counts {
	return Counts{Games: int(t.games()), WhiteWins: int(t[whiteWins]), Draws: int(t[draws]), BlackWins: int(t[blackWins])}
}

// Score is the share of the points of the finished games that side won
// (a draw is half a point), from 0 to 1; false without a finished game.
func (c Counts) Score(side engine.Color) (float64, bool) {
	finished := c.WhiteWins + c.Draws + c.BlackWins
	if finished == 0 {
		return 0, false
	}
	wins := c.WhiteWins
	if side == engine.Black {
		wins = c.BlackWins
	}
	return (float64(wins) + float64(c.Draws)/2) / float64(finished), true
}

// MoveCounts is a move played from a position, in full notation, and its
// games.
type MoveCounts struct {
	Move engine.Move
	Text string
	Counts
}

// Entry is the games of a position: all that reached it (Counts), those
// that ended there (Ended), and by move those that went on, most played
// first (ties in notation order).
type Entry struct {
	Counts
	Ended Counts
	Moves []MoveCounts
}

// Lookup is the index's entry of p; its Games is 0 when no game reached p.
func (x *Index) Lookup(p *engine.Position) Entry {
	type moveTally struct {
		move uint16
		t    tally
	}
	var found []moveTally
	x.mu.RLock()
	for i := range x.runs {
		x.runs[i].visit(p.Key(), func(move uint16, t tally) {
			for j := range found {
				if found[j].move == move {
					found[j].t.add(t)
					return
				}
			}
			found = append(found, moveTally{move, t})
		})
	}
	x.mu.RUnlock()
	var e Entry
	if len(found) == 0 {
		return e
	}
	moves := p.LegalMoves()
	var total tally
	for _, f := range found {
		switch {
		case f.move == ended:
			e.Ended = countsOf(f.t)
		case int(f.move) < len(moves):
			m := moves[f.move]
			e.Moves = append(e.Moves, MoveCounts{Move: m, Text: p.FormatMove(m), Counts: countsOf(f.t)})
		default:
			continue // another position with the same key
		}
		total.add(f.t)
	}
	e.Counts = countsOf(total)
	slices.SortFunc(e.Moves, func(a, b MoveCounts) int {
		return cmp.Or(b.Games-a.Games, cmp.Compare(a.Text, b.Text))
	})
	return e
}
