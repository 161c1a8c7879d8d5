// Which challenges the bot accepts: Dameo only, playable by bots, rated or
// casual as allowed, and a clock inside the configured bounds; the reason
// lila understands for each refusal.

package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/dameo/dameo/hub"
)

// Clock is a time control: a base time and an increment per move.
type Clock struct {
	Base, Increment time.Duration
}

// String is the clock as ParseClock reads it ("300+3").
func (c Clock) String() string {
	return hub.FormatSeconds(c.Base) + "+" + hub.FormatSeconds(c.Increment)
}

// Estimate is lila's estimate of the time one side uses in a game: the
// base time plus 40 increments. Speed categories and the bot's bounds
// compare clocks by it.
func (c Clock) Estimate() time.Duration { return c.Base + 40*c.Increment }

// ParseClock reads "T" or "T+I", seconds of base time and of increment
// ("300+3", "60", "0.5+0.1").
func ParseClock(s string) (Clock, error) {
	base, inc, _ := strings.Cut(s, "+")
	var c Clock
	var err error
	if c.Base, err = parseSeconds(base); err != nil {
		return Clock{}, fmt.Errorf("clock %q: %v", s, err)
	}
	if strings.Contains(s, "+") {
		if c.Increment, err = parseSeconds(inc); err != nil {
			return Clock{}, fmt.Errorf("clock %q: %v", s, err)
		}
	}
	return c, nil
}

// maxSeconds bounds the times of a clock (a year).
const maxSeconds = 365 * 24 * 3600

// parseSeconds reads a non-negative decimal number of seconds, in the
// protocol's grammar.
func parseSeconds(s string) (time.Duration, error) {
	d, err := hub.ParseSeconds(s, 0, maxSeconds*time.Second)
	if err != nil {
		return 0, fmt.Errorf("bad number of seconds %q: %v", s, err)
	}
	return d, nil
}

// Policy decides which challenges to accept.
type Policy struct {
	Rated, Casual bool  // which kinds of game to accept
	Min, Max      Clock // bounds on the clock, compared by Estimate; a zero Max has no bound
}

// Decline reasons, as lila's API names them.
const (
	reasonGeneric     = "generic"
	reasonLater       = "later"
	reasonTooFast     = "tooFast"
	reasonTooSlow     = "tooSlow"
	reasonTimeControl = "timeControl"
	reasonRated       = "rated"  // "send me a rated challenge instead"
	reasonCasual      = "casual" // "send me a casual challenge instead"
	reasonVariant     = "variant"
)

// dameoKey is the variant key of Dameo.
const dameoKey = "dameo"

// Decide returns "" to accept c, or the reason to decline it.
func (p Policy) Decide(c *Challenge) string {
	if c.Variant.Key != dameoKey {
		return reasonVariant
	}
	if c.Compat != nil && !c.Compat.Bot {
		return reasonGeneric
	}
	if c.TimeControl.Type != "clock" {
		return reasonTimeControl
	}
	if c.Rated && !p.Rated {
		return reasonCasual
	}
	if !c.Rated && !p.Casual {
		return reasonRated
	}
	limit, inc := c.TimeControl.Limit, c.TimeControl.Increment
	if limit < 0 || limit > maxSeconds || inc < 0 || inc > maxSeconds {
		return reasonTimeControl // and its times would overflow a duration
	}
	tc := Clock{Base: time.Duration(limit) * time.Second, Increment: time.Duration(inc) * time.Second}
	if tc.Estimate() < p.Min.Estimate() {
		return reasonTooFast
	}
	if p.Max != (Clock{}) && tc.Estimate() > p.Max.Estimate() {
		return reasonTooSlow
	}
	return ""
}
