// Tests of the protocol's numbers: the one grammar read and the range rule.

package hub

import (
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
