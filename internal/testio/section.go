// The part of an output from a heading on, such as a match's summary.

package testio

import (
	"strings"
	"testing"
)

// From is the part of text from the first heading on; text without it
// fails the test.
func From(tb testing.TB, text, heading string) string {
	tb.Helper()
	i := strings.Index(text, heading)
	if i < 0 {
		tb.Fatalf("no %q in\n%s", heading, text)
	}
	return text[i:]
}
