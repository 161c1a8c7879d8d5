// Writing game records: the seven-tag roster first, the other tags in the
// game's order, then movetext with move numbers, comments and the result
// token, wrapped to lines of at most 79 characters.

package pdn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// lineWidth is the longest movetext line the writer produces (PGN export
// format asks for lines under 80 characters).
const lineWidth = 79

// Write writes g as PDN to w, followed by an empty line. Missing roster tags
// are written as "?" ("????.??.??" for Date); the Result tag always equals
// g.Result ("*" when empty). It returns an error, writing nothing, when g
// cannot be represented: a bad tag name, a line break in a tag value, a
// malformed move, a '}' in a comment, a tag value or a comment longer than
// the reader takes (MaxTagLength, MaxCommentLength) or an unknown result.
func Write(w io.Writer, g *Game) error {
	text, err := Format(g)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// Format returns g as PDN text ending with an empty line; see Write.
func Format(g *Game) (string, error) {
	result := g.Result
	if result == "" {
		result = Unfinished
	}
	if !isResult(result) {
		return "", fmt.Errorf("pdn: bad result %q", result)
	}
	var b strings.Builder
	for _, name := range rosterTags {
		value := g.Tag(name)
		switch {
		case name == TagResult:
			value = result
		case !g.HasTag(name) && name == TagDate:
			value = "????.??.??"
		case !g.HasTag(name):
			value = "?"
		}
		if err := writeTag(&b, name, value); err != nil {
			return "", err
		}
	}
	for _, t := range g.Tags {
		if isRoster(t.Name) {
			continue
		}
		if err := writeTag(&b, t.Name, t.Value); err != nil {
			return "", err
		}
	}
	b.WriteByte('\n')

	lw := lineWrapper{b: &b}
	if err := writeComment(&lw, g.Comment); err != nil {
		return "", err
	}
	ply := 0
	if blackStarts(g.Tag(TagFEN)) {
		ply = 1
	}
	if err := writeLine(&lw, g.Moves, ply, 0); err != nil {
		return "", err
	}
	lw.word(result)
	b.WriteString("\n\n")
	return b.String(), nil
}

// writeLine writes a line of moves from ply (0 is White's first move) with
// their comments and variations; depth is the nesting of the line, 0 for
// the main line. The first move of a line gets its number.
func writeLine(lw *lineWrapper, moves []Move, ply, depth int) error {
	if depth > MaxVariationNesting {
		return fmt.Errorf("pdn: variations nested more than %d deep", MaxVariationNesting)
	}
	needNumber := true
	for _, m := range moves {
		if !validMove(m.Text) {
			return fmt.Errorf("pdn: move %d: malformed move %q", ply/2+1, m.Text)
		}
		number := ply/2 + 1
		if ply%2 == 0 {
			lw.word(strconv.Itoa(number) + ".")
		} else if needNumber {
			lw.word(strconv.Itoa(number) + "...")
		}
		lw.word(m.Text)
		needNumber = false
		if m.Comment != "" {
			if err := writeComment(lw, m.Comment); err != nil {
				return fmt.Errorf("pdn: move %d: %w", ply/2+1, err)
			}
			needNumber = true
		}
		for _, v := range m.Variations {
			if len(v.Moves) == 0 {
				return fmt.Errorf("pdn: move %d: empty variation", ply/2+1)
			}
			lw.open("(")
			if err := writeComment(lw, v.Comment); err != nil {
				return fmt.Errorf("pdn: move %d: %w", ply/2+1, err)
			}
			if err := writeLine(lw, v.Moves, ply, depth+1); err != nil {
				return err
			}
			lw.glue(")")
			needNumber = true
		}
		ply++
	}
	return nil
}

// WriteSync appends g to f and flushes it to stable storage, so that a
// crash of the program afterwards does not lose the game.
func WriteSync(f interface {
	io.Writer
	Sync() error
}, g *Game) error {
	text, err := Format(g)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if _, err := bw.WriteString(text); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.Sync()
}

func isRoster(name string) bool {
	for _, r := range rosterTags {
		if r == name {
			return true
		}
	}
	return false
}

func writeTag(b *strings.Builder, name, value string) error {
	if !validTagName(name) {
		return fmt.Errorf("pdn: bad tag name %q", name)
	}
	if strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("pdn: tag %s: value contains a line break", name)
	}
	if len(value) > MaxTagLength {
		return fmt.Errorf("pdn: tag %s: value longer than %d bytes (the reader's limit)", name, MaxTagLength)
	}
	b.WriteByte('[')
	b.WriteString(name)
	b.WriteString(` "`)
	for i := 0; i < len(value); i++ {
		if value[i] == '"' || value[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(value[i])
	}
	b.WriteString("\"]\n")
	return nil
}

func writeComment(lw *lineWrapper, c string) error {
	if c == "" {
		return nil
	}
	if strings.Contains(c, "}") {
		return fmt.Errorf("pdn: comment %q contains '}'", c)
	}
	// Written, the comment is its words one blank apart.
	fields := strings.Fields(c)
	n := len(fields) - 1
	for _, f := range fields {
		n += len(f)
	}
	if n > MaxCommentLength {
		return fmt.Errorf("pdn: comment longer than %d bytes (the reader's limit)", MaxCommentLength)
	}
	for i, f := range fields {
		if i == 0 {
			f = "{" + f
		}
		lw.word(f)
	}
	if len(fields) == 0 {
		lw.word("{")
	}
	lw.glue("}")
	return nil
}

// blackStarts reports whether the FEN tag has Black to move: "B:..." in
// the FEN form, "... b" in position text.
func blackStarts(fen string) bool {
	if strings.HasPrefix(strings.TrimSpace(fen), "B:") {
		return true
	}
	f := strings.Fields(fen)
	return len(f) > 0 && f[len(f)-1] == "b"
}

// validTagName reports whether name is a PDN tag name: letters, digits and
// underscores, starting with a letter.
func validTagName(name string) bool {
	if name == "" || !isLetter(name[0]) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !isLetter(c) && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}

// validMove reports whether s has the shape of a docs/rules.md move: "a1-b2" or
// squares joined by 'x' ("d4xd6xf6"). Legality is not checked.
func validMove(s string) bool {
	if len(s) < 5 || (len(s)-2)%3 != 0 {
		return false
	}
	sep := s[2]
	if sep != '-' && sep != 'x' {
		return false
	}
	if sep == '-' && len(s) != 5 {
		return false
	}
	for i := 0; i < len(s); i += 3 {
		if s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return false
		}
		if i+2 < len(s) && s[i+2] != sep {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// lineWrapper writes words separated by spaces, starting a new line before a
// word that would make the line longer than lineWidth.
type lineWrapper struct {
	b      *strings.Builder
	col    int
	prefix string // written before the next word, "(" of a variation
}

func (l *lineWrapper) word(w string) {
	w, l.prefix = l.prefix+w, ""
	if l.col > 0 && l.col+1+len(w) > lineWidth {
		l.b.WriteByte('\n')
		l.col = 0
	}
	if l.col > 0 {
		l.b.WriteByte(' ')
		l.col++
	}
	l.b.WriteString(w)
	l.col += len(w)
}

// open makes w the prefix of the next word, without a space after it.
func (l *lineWrapper) open(w string) { l.prefix += w }

// glue appends w to the current word without a space.
func (l *lineWrapper) glue(w string) {
	l.b.WriteString(w)
	l.col += len(w)
}
