// Tests of the protocol's numbers: the one grammar read, the range rule,
// and times written to the millisecond and never a positive one as 0.

package hub

import (
	"strings"
	"testing"
	"time"
)

func TestNumberGrammar(t *testing.T) {
	for _, s := range []string{"5", "0.25", ".5", "5.", "007"} {
		if _, err := ParseDecimal(s, 0, 10); err != nil {
			t.Errorf("ParseDecimal(%q): %v", s, err)
		}
	}
	// What strconv would also take, and no number at all.
	for _, s := range []string{"0x1p-2", "1e0", "+1", "0.5e-1", "-0", "1_0", "Inf", "NaN", " 1", "1 ", "", ".", "1.2.3"} {
		if v, err := ParseDecimal(s, 0, 10); err == nil {
			t.Errorf("ParseDecimal(%q) = %v, want an error", s, v)
		}
		if v, err := ParseSeconds(s, 0, time.Hour); err == nil {
			t.Errorf("ParseSeconds(%q) = %v, want an error", s, v)
		}
	}
	for _, s := range []string{"+1", "-0", "1.0", "1e3", "0x10", "", "11"} {
		if n, err := ParseWhole(s, 0, 10); err == nil {
			t.Errorf("ParseWhole(%q) = %d, want an error", s, n)
		}
	}
	if _, err := ParseWhole("11", 0, 10); err == nil || err.Error() != "want a whole number from 0 to 10" {
		t.Errorf("ParseWhole out of range: %v", err)
	}
}

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
