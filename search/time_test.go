package search

import (
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

func TestPlan(t *testing.T) {
	ms := time.Millisecond
	for _, clock := range []time.Duration{0, ms, 50 * ms, time.Second, time.Minute, time.Hour} {
		for _, inc := range []time.Duration{0, 10 * ms, time.Second} {
			for _, mtg := range []int{0, 1, 2, 40} {
				for _, over := range []time.Duration{0, 50 * ms, 5 * time.Second} {
					l := Limits{Time: clock, Inc: inc, MovesToGo: mtg, Overhead: over}
					soft, hard := plan(l)
					if clock == 0 && inc == 0 {
						if soft != 0 || hard != 0 {
							t.Errorf("%+v: limits %v %v without a clock", l, soft, hard)
						}
						continue
					}
					avail := max(clock+inc-over, minTime)
					if soft <= 0 || soft > hard || hard > avail {
						t.Errorf("%+v: soft %v hard %v, available %v", l, soft, hard, avail)
					}
				}
			}
		}
	}
}

// A fixed move time is spent in full: the move overhead does not shorten
// it, only a clock with less time left does.
func TestPlanMoveTime(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		l    Limits
		want time.Duration
	}{
		{Limits{MoveTime: 50 * ms, Overhead: 50 * ms}, 50 * ms},
		{Limits{MoveTime: time.Second, Overhead: 100 * ms, Time: time.Hour}, time.Second},
		{Limits{MoveTime: time.Second, Overhead: 100 * ms, Time: 300 * ms}, 200 * ms},
		{Limits{MoveTime: ms}, ms},
	} {
		if soft, hard := plan(c.l); soft != c.want || hard != c.want {
			t.Errorf("%+v: soft %v hard %v, want both %v", c.l, soft, hard, c.want)
		}
	}
}

// fakeClock is a clock for c that reads the time from *now.
func fakeClock(l Limits, now *time.Time) *clock {
	c := &clock{}
	c.init(l, *now, func() time.Time { return *now })
	return c
}

// stopAfter is the least time after which c wants no further iteration,
// searched by bisection over its fake time (up to an hour).
func stopAfter(c *clock, now *time.Time) time.Duration {
	begin := c.begin
	lo, hi := time.Duration(0), time.Hour
	for hi-lo > time.Microsecond {
		mid := (lo + hi) / 2
		*now = begin.Add(mid)
		if c.enough() {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// iteration is the outcome of one completed iteration fed to a clock.
type iteration struct {
	move   engine.Move
	score  Score
	effort float64
}

// clockAfter is a 60 s sudden-death clock after the iterations.
func clockAfter(its []iteration) (*clock, *time.Time) {
	now := time.Unix(1000, 0)
	c := fakeClock(Limits{Time: time.Minute, Overhead: 50 * time.Millisecond}, &now)
	for _, it := range its {
		c.update(it.move, it.score, it.effort)
	}
	return c, &now
}

func TestClockScalesTheSoftLimit(t *testing.T) {
	a := engine.Move{From: 8, To: 16}
	b := engine.Move{From: 9, To: 17}
	stable := []iteration{{a, 20, 0.5}, {a, 20, 0.5}, {a, 20, 0.5}, {a, 20, 0.5}}
	base := func() time.Duration { c, now := clockAfter(stable); return stopAfter(c, now) }()
	for _, tc := range []struct {
		name   string
		its    []iteration
		longer bool
	}{
		{"best move changed twice", []iteration{{a, 20, 0.5}, {b, 20, 0.5}, {a, 20, 0.5}, {b, 20, 0.5}}, true},
		{"score fell", []iteration{{a, 20, 0.5}, {a, 20, 0.5}, {a, 20, 0.5}, {a, -60, 0.5}}, true},
		{"best move took 95% of the nodes", []iteration{{a, 20, 0.5}, {a, 20, 0.5}, {a, 20, 0.5}, {a, 20, 0.95}}, false},
	} {
		c, now := clockAfter(tc.its)
		got := stopAfter(c, now)
		if tc.longer && got <= base || !tc.longer && got >= base {
			t.Errorf("%s: stops after %v, a stable search after %v", tc.name, got, base)
		}
		if got >= c.hard {
			t.Errorf("%s: stops after %v, beyond the hard limit %v", tc.name, got, c.hard)
		}
	}
}

// A fixed move time runs to its end: no iteration is refused early, and
// the hard limit falls at the move time itself.
func TestClockFixedMoveTime(t *testing.T) {
	now := time.Unix(1000, 0)
	begin := now
	c := fakeClock(Limits{MoveTime: 50 * time.Millisecond, Overhead: 50 * time.Millisecond}, &now)
	c.update(engine.Move{From: 8, To: 16}, 0, 1)
	for _, d := range []time.Duration{0, 10 * time.Millisecond, 49 * time.Millisecond} {
		now = begin.Add(d)
		if c.enough() || c.overHard() {
			t.Errorf("after %v of 50ms: enough %v, over the hard limit %v", d, c.enough(), c.overHard())
		}
	}
	now = begin.Add(50 * time.Millisecond)
	if !c.overHard() {
		t.Error("50ms move time not over after 50ms")
	}
}

// A ponder search's clock does not run before the ponder hit.
func TestClockPonder(t *testing.T) {
	now := time.Unix(1000, 0)
	c := fakeClock(Limits{Time: time.Minute, Ponder: true}, &now)
	if c.timed {
		t.Fatal("ponder clock running before the hit")
	}
	c.start(now.Add(time.Second))
	if !c.timed {
		t.Fatal("ponder clock not running after the hit")
	}
}
