// Test of the number of men at the start.

package engine

import "testing"

func TestMenPerSide(t *testing.T) {
	p := StartPosition()
	for _, c := range []Color{White, Black} {
		if n := popCount(p.Men(c)); n != MenPerSide || p.Kings(c) != 0 {
			t.Errorf("%v starts with %d men and kings %#x, want %d men", c, n, p.Kings(c), MenPerSide)
		}
	}
}
