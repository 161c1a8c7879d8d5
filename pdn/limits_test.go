// Tests of the reader's bounds: a comment, tag or token that never ends,
// or a game that never ends, fails with the line where it began after a
// bounded read, in bounded memory.

package pdn

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// endless is pattern repeated, n bytes in all, produced as it is read.
type endless struct {
	pattern string
	n       int
	off     int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), e.n)
	for i := range p[:k] {
		p[i] = e.pattern[e.off]
		e.off = (e.off + 1) % len(e.pattern)
	}
	e.n -= k
	return k, nil
}

func TestReadBoundsLengths(t *testing.T) {
	const huge = 64 << 20
	for _, c := range []struct {
		name   string
		input  func() io.Reader
		line   int
		reason string
	}{
		{"comment", func() io.Reader {
			return io.MultiReader(strings.NewReader("[Event \"x\"]\n\n1. d3-d4 {"), &endless{pattern: "x", n: huge})
		}, 3, "comment"},
		{"comment-lines", func() io.Reader {
			return io.MultiReader(strings.NewReader("1. d3-d4 {"), &endless{pattern: "a long line\n", n: huge})
		}, 1, "comment"},
		{"semicolon-comment", func() io.Reader {
			return io.MultiReader(strings.NewReader("\n1. d3-d4 ;"), &endless{pattern: "x", n: huge})
		}, 2, "comment"},
		{"tag-value", func() io.Reader {
			return io.MultiReader(strings.NewReader("[Event \""), &endless{pattern: "x", n: huge})
		}, 1, "tag"},
		{"tag-name", func() io.Reader { return io.MultiReader(strings.NewReader("[E"), &endless{pattern: "x", n: huge}) }, 1, "tag"},
		{"token", func() io.Reader {
			return io.MultiReader(strings.NewReader("1. d3-d4 "), &endless{pattern: "x", n: huge})
		}, 1, "token"},
		{"moves", func() io.Reader { return &endless{pattern: "d3-d4 ", n: huge} }, 1, "moves"},
		{"tags", func() io.Reader {
			var b strings.Builder
			for i := range 100000 {
				fmt.Fprintf(&b, "[T%d \"x\"]\n", i)
			}
			return strings.NewReader(b.String())
		}, 1, "tags"},
	} {
		t.Run(c.name, func(t *testing.T) {
			input := c.input()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := ReadAll(input)
			runtime.ReadMemStats(&after)
			n := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes allocated", n)
			if n > 16<<20 {
				t.Errorf("%d bytes allocated to refuse it", n)
			}
			var se *SyntaxError
			if !errors.As(err, &se) || !strings.Contains(se.Msg, c.reason) || !strings.Contains(se.Msg, "longer than") && !strings.Contains(se.Msg, "more than") {
				t.Fatalf("error %.200v, want a bound on the %s", err, c.reason)
			}
			if c.name != "moves" && c.name != "tags" && se.Line != c.line {
				t.Errorf("error at line %d, want %d (where it began)", se.Line, c.line)
			}
		})
	}
}
