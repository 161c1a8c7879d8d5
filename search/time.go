// Time management: from the limits, a soft limit (the time this move should
// take; iterations stop early when the best move is stable and late when it
// keeps changing) and a hard limit the search never passes.

package search

import (
	"time"

	"github.com/dameo/dameo/engine"
)

const (
	// movesToGoGuess is the number of moves a sudden-death clock is shared
	// over: a Dameo game lasts some 40 to 80 moves, and more time is
	// left for the later ones this way.
	movesToGoGuess = 30
	// hardFactor bounds the hard limit to this many times the soft one.
	hardFactor = 4
	// minTime is the least time any timed search gets.
	minTime = time.Millisecond
)

// clock is the main thread's time keeping for one search.
type clock struct {
	limits   Limits
	timed    bool      // the limits below are active
	begin    time.Time // when the time for this move started running
	soft     time.Duration
	hard     time.Duration
	bestMove engine.Move
	stable   int   // completed iterations in a row with the same best move
	score    Score // score of the last completed iteration
	drop     bool  // the last iteration's score fell clearly
}

// init plans the limits; a ponder search starts its clock on the ponder hit.
func (c *clock) init(l Limits, start time.Time) {
	*c = clock{limits: l}
	c.soft, c.hard = plan(l)
	if !l.Ponder {
		c.start(start)
	}
}

// start starts the clock at t if the limits have a time.
func (c *clock) start(t time.Time) {
	c.begin = t
	c.timed = c.hard > 0
}

// plan computes the soft and hard limits; both are 0 without a time limit.
func plan(l Limits) (soft, hard time.Duration) {
	if l.MoveTime > 0 {
		t := max(l.MoveTime-l.Overhead, minTime)
		return t, t
	}
	if l.Time <= 0 && l.Inc <= 0 {
		return 0, 0
	}
	avail := max(l.Time+l.Inc-l.Overhead, minTime) // Hub credits the increment before the move
	mtg := l.MovesToGo
	if mtg <= 0 {
		mtg = movesToGoGuess
	}
	soft = max(l.Time-l.Overhead, 0)/time.Duration(mtg) + l.Inc*3/4
	hard = min(hardFactor*soft, avail*8/10)
	hard = max(hard, minTime)
	return min(max(soft, minTime), hard), hard
}

// update records the best move and score of a completed iteration.
func (c *clock) update(m engine.Move, s Score) {
	if m == c.bestMove {
		c.stable++
	} else {
		c.bestMove, c.stable = m, 0
	}
	c.drop = s < c.score-30
	c.score = s
}

// enough reports whether there is no time for another iteration: with the
// limits of an exact move time it waits for the hard limit; otherwise it
// compares the time used with the soft limit, scaled by the stability of
// the best move (an iteration takes about twice the time of the one before).
func (c *clock) enough() bool {
	if c.limits.MoveTime > 0 {
		return false
	}
	scale := 1.0
	switch {
	case c.stable == 0 || c.drop:
		scale = 1.6
	case c.stable >= 4:
		scale = 0.5
	case c.stable >= 2:
		scale = 0.8
	}
	return float64(time.Since(c.begin)) >= 0.5*scale*float64(c.soft)
}

// overHard reports whether the hard limit has passed.
func (c *clock) overHard() bool { return time.Since(c.begin) >= c.hard }
