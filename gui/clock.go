// The clock of a timed game: time left for each side, an increment credited
// at the start of each turn (as the Hub protocol and the match referee count
// it), and the side whose time is running. Times are read from the caller's
// clock, so tests need not wait.

package gui

import (
	"time"

	"github.com/dameo/dameo/engine"
)

// clock is a game clock; the zero clock is stopped with no time.
type clock struct {
	left    [2]time.Duration // by engine.Color
	inc     time.Duration
	running bool
	side    engine.Color // whose time runs (when running)
	since   time.Time    // when side's time started running
}

func newClock(initial, inc time.Duration) *clock {
	return &clock{left: [2]time.Duration{initial, initial}, inc: inc}
}

// startTurn starts side's turn: the time of the side that was running is
// charged, side is credited the increment and its time runs.
func (c *clock) startTurn(side engine.Color, now time.Time) {
	c.stop(now)
	c.left[side] += c.inc
	c.running, c.side, c.since = true, side, now
}

// stop charges the running side and stops the clock.
func (c *clock) stop(now time.Time) {
	if c.running {
		c.left[c.side] -= now.Sub(c.since)
		c.running = false
	}
}

// remaining is side's time left at now (negative once its flag has fallen).
func (c *clock) remaining(side engine.Color, now time.Time) time.Duration {
	if c.running && c.side == side {
		return c.left[side] - now.Sub(c.since)
	}
	return c.left[side]
}

// flagged reports whether the running side has run out of time at now.
func (c *clock) flagged(now time.Time) bool {
	return c.running && c.remaining(c.side, now) <= 0
}

// beforeIncrement is side's time left at now without this turn's increment:
// the time= of a Hub level line.
func (c *clock) beforeIncrement(side engine.Color, now time.Time) time.Duration {
	return max(0, c.remaining(side, now)-c.inc)
}

// restore sets both sides' time left to left, as the clock showed it at an
// earlier position, and runs side's time from now without an increment.
func (c *clock) restore(left [2]time.Duration, side engine.Color, now time.Time) {
	c.left = left
	c.running, c.side, c.since = true, side, now
}

// resume runs side's time again from now without an increment (after a
// pause).
func (c *clock) resume(side engine.Color, now time.Time) {
	c.running, c.side, c.since = true, side, now
}

// turnTime is how long the running side has used on this turn so far.
func (c *clock) turnTime(now time.Time) time.Duration {
	if !c.running {
		return 0
	}
	return now.Sub(c.since)
}

// snapshot is both sides' time left at now.
func (c *clock) snapshot(now time.Time) [2]time.Duration {
	return [2]time.Duration{c.remaining(engine.White, now), c.remaining(engine.Black, now)}
}
