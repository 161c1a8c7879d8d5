// Tests of times in seconds: the range rule, and times written to the
// millisecond without trailing zeros and never a positive one as 0.

package hub

import (
	"strings"
	"testing"
	"time"
)

func TestSecondsRule(t *testing.T) {
	if d, err := ParseSeconds("0.0004", TimeResolution, time.Hour); err == nil {
		t.Errorf("a time under the resolution read as %v", d)
	} else if !strings.Contains(err.Error(), "from 0.001 to 3600") {
		t.Errorf("error %q does not give the range", err)
	}
	if d, err := ParseSeconds("1.5", TimeResolution, time.Hour); err != nil || d != 1500*time.Millisecond {
		t.Errorf("ParseSeconds(1.5) = %v, %v", d, err)
	}
	for _, c := range []struct {
		v    float64
		zero bool
		ok   bool
	}{{0, true, true}, {0, false, false}, {0.0001, true, false}, {0.001, true, true}, {3600, true, true}, {3601, true, false}, {-1, true, false}} {
		if err := CheckSeconds(c.v, c.zero, time.Hour); (err == nil) != c.ok {
			t.Errorf("CheckSeconds(%v, zero %v): %v", c.v, c.zero, err)
		}
	}
	for d, want := range map[time.Duration]string{
		0: "0", time.Minute: "60", 250 * time.Millisecond: "0.25", 1005 * time.Millisecond: "1.005",
		1234567 * time.Microsecond: "1.235", 365 * 24 * time.Hour: "31536000",
		100 * time.Microsecond: "0.001", time.Nanosecond: "0.001",
	} {
		if got := FormatSeconds(d); got != want {
			t.Errorf("FormatSeconds(%v) = %q, want %q", d, got, want)
		}
	}
}
