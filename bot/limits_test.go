// Tests of the limits added to every search (Config.Limits).

package bot

import "testing"

func TestParseLimits(t *testing.T) {
	for _, s := range []string{"", "depth=2", "move-time=0.5 nodes=1000"} {
		if _, err := parseLimits(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"depth", "depth=x", "depth=0", "depth=1.5", "time=3", "move-time=-1", `depth="2`, "infinite",
		// The protocol's grammar and rule: no exponent or sign, no move
		// time under the millisecond a line carries.
		"depth=1e1", "nodes=+5", "move-time=0.0001", "move-time=1e0", "move-time=0x1p-2"} {
		if _, err := parseLimits(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
