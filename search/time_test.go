package search

import (
	"testing"
	"time"
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
	if soft, hard := plan(Limits{MoveTime: time.Second, Overhead: 100 * ms, Time: time.Hour}); soft != 900*ms || hard != 900*ms {
		t.Errorf("move time 1s with 100ms overhead: %v %v, want 900ms", soft, hard)
	}
}
