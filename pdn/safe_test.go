// Tests of making outside text fit for comments and tag values: whatever an
// engine or a user wrote, the record formats and reads back as written.

package pdn

import (
	"strings"
	"testing"
)

// hostile is text as an engine or a user might produce it.
var hostile = []string{
	"debug: state={depth:3}",
	`protocol violation: "}[Event \"x\"]"`,
	"malformed move \"}[Event\"",
	"a\nb\r\nc\x00d\x01e\x7f",
	"\xff\xfe invalid UTF-8 \xc3",
	"line\u2028separator\u200b",
	"{ ; % [ ] ( ) \" \\",
	"}",
	"",
}

// safeGame is a game whose every comment and tag value holds s made safe.
func safeGame(s string) *Game {
	g := &Game{Result: WhiteWins, Comment: SafeComment(s)}
	g.SetTag(TagEvent, SafeTagValue(s))
	g.SetTag("Reason", SafeTagValue(s))
	g.AddMove("d3-d4", SafeComment(s))
	g.AddMove("e6-e5", "")
	return g
}

// checkSafeRoundTrip formats the game made of s and reads it back.
func checkSafeRoundTrip(t *testing.T, s string) {
	t.Helper()
	g := safeGame(s)
	text, err := Format(g)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	games, err := Parse(text)
	if err != nil || len(games) != 1 {
		t.Fatalf("%q: read back %d games, %v\n%s", s, len(games), err, text)
	}
	a := games[0]
	comment := strings.Join(strings.Fields(SafeComment(s)), " ")
	if a.Comment != comment || a.Moves[0].Comment != comment || len(a.Moves) != 2 {
		t.Errorf("%q: comments %q and %q, want %q", s, a.Comment, a.Moves[0].Comment, comment)
	}
	if a.Tag(TagEvent) != SafeTagValue(s) || a.Tag("Reason") != SafeTagValue(s) {
		t.Errorf("%q: tags %q and %q, want %q", s, a.Tag(TagEvent), a.Tag("Reason"), SafeTagValue(s))
	}
}

func TestSafeTextRoundTrips(t *testing.T) {
	for _, s := range hostile {
		checkSafeRoundTrip(t, s)
	}
}

func TestSafeTextIsReadable(t *testing.T) {
	for _, c := range []struct{ in, comment, tag string }{
		{"debug: state={depth:3}", "debug: state=(depth:3)", "debug: state={depth:3}"},
		{"a\x00b\nc", `a\x00b c`, `a\x00b\x0ac`},
		{"\xff", `\xff`, `\xff`},
		{"a\u2028b", `a\u2028b`, `a\u2028b`},
		{`plain "text" é`, `plain "text" é`, `plain "text" é`},
	} {
		if got := SafeComment(c.in); got != c.comment {
			t.Errorf("SafeComment(%q) = %q, want %q", c.in, got, c.comment)
		}
		if got := SafeTagValue(c.in); got != c.tag {
			t.Errorf("SafeTagValue(%q) = %q, want %q", c.in, got, c.tag)
		}
		if SafeComment(c.comment) != c.comment || SafeTagValue(c.tag) != c.tag {
			t.Errorf("%q: safe text is changed again", c.in)
		}
	}
}

func TestSafeGame(t *testing.T) {
	g := &Game{Result: BlackWins, Comment: "a}b"}
	g.SetTag(TagWhite, "x\ny")
	g.AddMove("d3-d4", "{c}")
	if _, err := Format(g); err == nil {
		t.Fatal("the writer accepts '}' in a comment")
	}
	safe := g.Safe()
	if _, err := Format(safe); err != nil {
		t.Fatal(err)
	}
	if g.Comment != "a}b" || g.Tag(TagWhite) != "x\ny" || g.Moves[0].Comment != "{c}" {
		t.Errorf("Safe changed the original: %+v", g)
	}
	if safe.Comment != "a)b" || safe.Tag(TagWhite) != `x\x0ay` || safe.Moves[0].Comment != "(c)" {
		t.Errorf("safe copy %+v", safe)
	}
}
