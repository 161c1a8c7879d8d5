// From cuts an output at its heading.

package testio

import "testing"

func TestFromCutsAtTheHeading(t *testing.T) {
	out := "game 1\ngame 2\n=== Summary ===\nscore 1-1\n"
	if got := From(t, out, "\n=== Summary"); got != "\n=== Summary ===\nscore 1-1\n" {
		t.Errorf("From = %q", got)
	}
}
