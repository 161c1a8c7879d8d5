// Time management. A fixed move time is the time the search takes: the
// search runs until it has passed, and the move overhead is not taken from
// it (as in Stockfish; whoever sets a move time has allowed for latency).
// A clock gives a soft limit, the time this move should take, and a hard
// limit the search never passes, both within the clock less the move
// overhead. After each iteration the soft limit is scaled: up when the best
// move keeps changing or the score falls, down when one move takes nearly
// all the search's effort; a single legal move is answered at once.

package search

import (
	"time"

	"github.com/dameo/dameo/engine"
)

const (
	// movesToGoGuess is the number of moves a sudden-death clock is shared
	// over: each move plans on the time left as if this many moves were
	// to come, so the clock is spent a share at a time and never runs out.
	// At 30, games of 10+0.1 ended with 6 of their 15 seconds unused;
	// 15 spent more and gained nothing over 20 (docs/elo.md). A Dameo
	// game lasts some 40 to 80 moves.
	movesToGoGuess = 20
	// hardFactor bounds the hard limit to this many times the soft one.
	hardFactor = 4
	// clockShare is the most of the time left (less the overhead) one move
	// may take, so that a hard limit never empties the clock.
	clockShare = 0.8
	// minTime is the least time any timed search gets.
	minTime = time.Millisecond
	// nextIteration is the share of its scaled soft limit after which the
	// search starts no new iteration: an iteration takes about twice the
	// time of the one before, so one started later would end far beyond.
	nextIteration = 0.55
)

// clock is the main thread's time keeping for one search.
type clock struct {
	now   func() time.Time // time.Now, or a test's fake clock
	timed bool             // the limits below are active
	fixed bool             // an exact move time: search until the hard limit
	begin time.Time        // when the time for this move started running
	soft  time.Duration
	hard  time.Duration

	iterations  int
	bestMove    engine.Move
	instability float64 // best-move changes, each halved at every later iteration
	score       Score   // score of the last completed iteration
	falling     float64 // how far the score fell in the last iteration, as a factor ≥ 1
	effort      float64 // share of the last iteration's nodes spent on its best move
}

// init plans the limits; a ponder search starts its clock on the ponder hit.
func (c *clock) init(l Limits, start time.Time, now func() time.Time) {
	*c = clock{now: now, fixed: l.MoveTime > 0}
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
// A move time is both limits in full, unless a clock given with it has
// less time left.
func plan(l Limits) (soft, hard time.Duration) {
	if l.Time <= 0 && l.Inc <= 0 {
		return l.MoveTime, l.MoveTime // 0 without a move time
	}
	avail := max(l.Time+l.Inc-l.Overhead, minTime) // Hub credits the increment before the move
	if l.MoveTime > 0 {
		t := min(l.MoveTime, avail)
		return t, t
	}
	mtg := l.MovesToGo
	if mtg <= 0 {
		mtg = movesToGoGuess
	}
	soft = max(l.Time-l.Overhead, 0)/time.Duration(mtg) + l.Inc*3/4
	hard = min(hardFactor*soft, time.Duration(clockShare*float64(avail)))
	hard = max(hard, minTime)
	return min(max(soft, minTime), hard), hard
}

// update records a completed iteration: its best move, its score, and the
// share of its nodes that the best move took.
func (c *clock) update(m engine.Move, s Score, effort float64) {
	c.instability /= 2
	if c.iterations > 0 && m != c.bestMove {
		c.instability++
	}
	c.falling = 1
	if c.iterations > 0 && !s.IsWin() && !c.score.IsWin() && s < c.score {
		c.falling = 1 + float64(c.score-s)/150
	}
	c.bestMove, c.score, c.effort = m, s, effort
	c.iterations++
}

// scale is the factor of the soft limit after the last iteration: more
// time for an unstable best move (up to about ×2) and a falling score (up
// to ×1.6), less (down to ×0.6) when the best move took almost all the
// nodes, so that the others were refuted at once.
func (c *clock) scale() float64 {
	s := 0.8 + 0.6*min(c.instability, 2)
	s *= min(c.falling, 1.6)
	switch {
	case c.effort >= 0.9:
		s *= 0.6
	case c.effort >= 0.75:
		s *= 0.85
	}
	return s
}

// enough reports whether there is no time for another iteration. An exact
// move time always has time left: the search runs to the hard limit.
func (c *clock) enough() bool {
	if c.fixed {
		return false
	}
	return float64(c.elapsed()) >= nextIteration*c.scale()*float64(c.soft)
}

// elapsed is the time used since the clock started.
func (c *clock) elapsed() time.Duration { return c.now().Sub(c.begin) }

// overHard reports whether the hard limit has passed.
func (c *clock) overHard() bool { return c.elapsed() >= c.hard }
