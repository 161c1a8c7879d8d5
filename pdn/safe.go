// Making outside text fit for a record: an engine's message or a user's
// name may hold what would end a comment or break a tag's line; the writer
// refuses such text, so the text is made safe before it goes in.

package pdn

import (
	"unicode/utf8"

	"github.com/dameo/dameo/internal/printable"
)

// SafeComment is s made fit for a comment, still readable: '{' and '}'
// become '(' and ')'; a tab or line break becomes a space; any other
// control byte, and a byte of invalid UTF-8, becomes an escape such as \x00
// or \xff; a rune that does not print (a line separator, a format
// character) becomes an escape such as \u2028. Safe text is kept as it is,
// up to MaxCommentLength bytes: longer text is cut, and ends with "…".
func SafeComment(s string) string {
	return fit(s, MaxCommentLength, commentEscape)
}

// commentEscape is SafeComment without its bound.
func commentEscape(s string) string {
	return printable.Escape(s, func(r rune) (string, bool) {
		switch r {
		case '{':
			return "(", true
		case '}':
			return ")", true
		case '\t', '\n', '\v', '\f', '\r':
			return " ", true
		}
		return "", false
	})
}

// SafeTagValue is s made fit for a tag value, still readable: a control
// byte (line breaks and tabs included) or a byte of invalid UTF-8 becomes an
// escape such as \x0a or \xff, a rune that does not print an escape such as
// \u2028. Quotes and backslashes are kept: the writer escapes them. Text
// longer than MaxTagLength bytes once escaped is cut, and ends with "…".
func SafeTagValue(s string) string {
	return fit(s, MaxTagLength, tagEscape)
}

// tagEscape is SafeTagValue without its bound.
func tagEscape(s string) string { return printable.Escape(s, nil) }

// cutMark ends text that fit cut.
const cutMark = "…"

// fit is escape(s) when that is at most limit bytes, else the escape of
// the longest prefix of s whose escape, with cutMark after it, is: cut
// between characters of s, so never inside an escape. The escapes work
// character by character, so that the escape of a prefix is a prefix of
// the escape.
func fit(s string, limit int, escape func(string) string) string {
	e := escape(s)
	if len(e) <= limit {
		return e
	}
	n, i := 0, 0
	for i < len(s) {
		_, size := utf8.DecodeRuneInString(s[i:])
		k := len(escape(s[i : i+size]))
		if n+k > limit-len(cutMark) {
			break
		}
		n, i = n+k, i+size
	}
	return e[:n] + cutMark
}

// Safe is a copy of g with every comment made safe by SafeComment and every
// tag value by SafeTagValue: what the writer refuses then is only a bad tag
// name, a malformed move or an unknown result.
func (g *Game) Safe() *Game {
	c := &Game{Comment: SafeComment(g.Comment), Result: g.Result}
	for _, t := range g.Tags {
		c.Tags = append(c.Tags, Tag{t.Name, SafeTagValue(t.Value)})
	}
	c.Moves = safeLine(g.Moves)
	return c
}

// safeLine is a copy of a line with its comments, and its variations',
// made safe.
func safeLine(moves []Move) []Move {
	var out []Move
	for _, m := range moves {
		safe := Move{Text: m.Text, Comment: SafeComment(m.Comment)}
		for _, v := range m.Variations {
			safe.Variations = append(safe.Variations, Variation{SafeComment(v.Comment), safeLine(v.Moves)})
		}
		out = append(out, safe)
	}
	return out
}
