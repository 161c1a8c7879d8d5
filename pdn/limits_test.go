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

// The writer writes nothing the reader refuses: a tag value or a comment
// at the reader's bound is written and read back, one byte more is an
// error. Found by FuzzSafeText: an engine's message of 1,972 bytes of
// invalid UTF-8, made safe (\xa7 for each byte), was written as a tag
// value of 7,888 bytes that the reader then refused.
func TestWriteBoundsLengths(t *testing.T) {
	for _, c := range []struct {
		name  string
		game  func(n int) *Game
		limit int
	}{
		{"tag-value", func(n int) *Game {
			g := &Game{Moves: []Move{{Text: "d3-d4"}}}
			g.SetTag(TagEvent, strings.Repeat("x", n))
			return g
		}, MaxTagLength},
		{"comment", func(n int) *Game {
			// Words one blank apart: the written length is n.
			return &Game{Moves: []Move{{Text: "d3-d4", Comment: strings.Repeat("word ", n/5) + strings.Repeat("y", n%5)}}}
		}, MaxCommentLength},
	} {
		text, err := Format(c.game(c.limit))
		if err != nil {
			t.Fatalf("%s of %d bytes: %v", c.name, c.limit, err)
		}
		if _, err := Parse(text); err != nil {
			t.Errorf("%s of %d bytes: written, then refused by the reader: %v", c.name, c.limit, err)
		}
		if _, err := Format(c.game(c.limit + 1)); err == nil || !strings.Contains(err.Error(), "longer than") {
			t.Errorf("%s of %d bytes: error %v, want one saying it is longer than the reader takes", c.name, c.limit+1, err)
		}
	}
}

// Safe text is always short enough to write: longer text is cut between
// characters, never inside an escape, and ends with "…".
func TestSafeTextIsCut(t *testing.T) {
	for _, c := range []struct {
		name   string
		safe   func(string) string
		escape func(string) string // unbounded
		limit  int
	}{
		{"SafeTagValue", SafeTagValue, tagEscape, MaxTagLength},
		{"SafeComment", SafeComment, commentEscape, MaxCommentLength},
	} {
		for _, in := range []string{strings.Repeat("\xa7", c.limit), strings.Repeat("a", c.limit+1), strings.Repeat("é\x00", c.limit)} {
			got := c.safe(in)
			if len(got) > c.limit || !strings.HasSuffix(got, "…") {
				t.Errorf("%s of %.12q… (%d bytes): %d bytes ending %q, want at most %d ending with …", c.name, in, len(in), len(got), got[max(len(got)-12, 0):], c.limit)
			}
			body := strings.TrimSuffix(got, "…")
			if full := c.escape(in); !strings.HasPrefix(full, body) {
				t.Errorf("%s: the cut text is not a prefix of the escaped text", c.name)
			}
			// The cut falls between escapes: what is kept ends with a
			// whole one (or a plain character).
			if i := strings.LastIndex(body, `\`); i >= 0 && len(body)-i < 4 {
				t.Errorf("%s of %.12q…: cut inside an escape: %q", c.name, in, body[i:])
			}
		}
		if in := strings.Repeat("a", c.limit); c.safe(in) != in {
			t.Errorf("%s of %d plain bytes: changed, want it kept whole", c.name, c.limit)
		}
	}
}
