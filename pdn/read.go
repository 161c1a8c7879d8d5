// Reading game records: a streaming reader that returns one game at a time
// and reports malformed input with the line where it was found. What it
// keeps of a game is bounded, so that a file that never closes a comment or
// a game fails early in bounded memory.

package pdn

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Bounds of what one game may hold; more is malformed PDN.
const (
	MaxCommentLength    = 1 << 16 // bytes of one comment
	MaxTagLength        = 1 << 12 // bytes of a tag value
	MaxTokenLength      = 1 << 8  // bytes of a tag name or a movetext token
	MaxMoves            = 1 << 16 // moves of a game, its variations' included
	MaxVariationNesting = 1 << 6  // variations inside variations
	MaxTags             = 1 << 10 // tags of a game
)

// SyntaxError is malformed PDN, with the line (from 1) where it was found.
type SyntaxError struct {
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("pdn: line %d: %s", e.Line, e.Msg) }

// Reader reads games one after another from a PDN stream.
type Reader struct {
	src       io.Reader
	buf       []byte // read from src; buf[pos:end] is still to be read
	pos, end  int
	srcErr    error  // src's error, which comes once buf is read
	scratch   []byte // the bytes of a word or a comment being read
	line      int    // line of the next byte
	atStart   bool   // the next byte starts a line
	lineFirst byte   // the first byte of the line being read
	prevFirst byte   // the first byte of the line before it (0 for none)
	err       error
}

// readBuffer is the bytes a Reader reads from its source at a time.
const readBuffer = 64 << 10

// maxEmptyReads is how many reads in a row may give nothing before the
// source is taken to be stuck (io.ErrNoProgress).
const maxEmptyReads = 100

// NewReader returns a reader of the PDN text in r.
func NewReader(r io.Reader) *Reader {
	return &Reader{src: r, buf: make([]byte, readBuffer), line: 1, atStart: true}
}

// ReadAll reads every game of r.
func ReadAll(r io.Reader) ([]*Game, error) {
	pr := NewReader(r)
	var games []*Game
	for {
		g, err := pr.Read()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// Parse reads every game of the PDN text s.
func Parse(s string) ([]*Game, error) { return ReadAll(strings.NewReader(s)) }

// Read returns the next game, or io.EOF when there is none. Malformed input
// gives a *SyntaxError; after any error the reader is finished.
func (r *Reader) Read() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	g, err := r.read()
	if err != nil {
		r.err = err
	}
	return g, err
}

// Resync lets reading go on after malformed PDN: it skips what is left of
// the game in error, up to the next line that starts with '[' after a line
// that does not (the first tag of the next game), and the next Read starts
// there. It reports false, and the reader stays finished, after an error
// that is not a *SyntaxError (reading failed) or when there was no error.
func (r *Reader) Resync() bool {
	if !IsSyntaxError(r.err) {
		return false
	}
	r.err = nil
	for {
		c, err := r.peek()
		if err != nil || r.atStart && c == '[' && r.prevFirst != '[' {
			return true // at the end of the input, Read says so
		}
		r.next()
	}
}

func (r *Reader) read() (*Game, error) {
	g := &Game{}
	started := false // a tag or movetext token has been seen
	// Tag section.
	for {
		c, err := r.skipSpace()
		if err == io.EOF {
			if started {
				return nil, r.errorf("end of file after the tags: the game has no result")
			}
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if c != '[' {
			break
		}
		started = true
		if len(g.Tags) == MaxTags {
			return nil, r.errorf("more than %d tags in a game", MaxTags)
		}
		if err := r.readTag(g); err != nil {
			return nil, err
		}
	}
	// Movetext.
	lines := newLineStack(g)
	for {
		c, err := r.skipSpace()
		if err == io.EOF {
			if lines.depth() > 0 {
				return nil, r.errorf("end of file inside a variation '('")
			}
			return nil, r.errorf("end of file: the game has no result token")
		}
		if err != nil {
			return nil, err
		}
		line := r.line
		switch c {
		case '[':
			return nil, r.errorf("tag inside movetext (is the previous game's result token missing?)")
		case '{', ';':
			text, err := r.readComment(c)
			if err != nil {
				return nil, err
			}
			lines.addComment(text)
			continue
		case '(':
			r.next()
			if err := lines.open(); err != nil {
				return nil, &SyntaxError{line, err.Error()}
			}
			continue
		case ')':
			r.next()
			if err := lines.close(); err != nil {
				return nil, &SyntaxError{line, err.Error()}
			}
			continue
		case ']', '}':
			return nil, r.errorf("unexpected %q", c)
		}
		b, err := r.readWord()
		if err != nil {
			return nil, err
		}
		if isMoveNumber(b) {
			continue // without making a string of it
		}
		word := string(b)
		if res, ok := resultToken(word); ok {
			if lines.depth() > 0 {
				return nil, &SyntaxError{line, fmt.Sprintf("result token %s inside a variation", res)}
			}
			return g, finish(g, res, line)
		}
		if word[0] == '$' {
			if len(word) == 1 || strings.Trim(word[1:], "0123456789") != "" {
				return nil, &SyntaxError{line, fmt.Sprintf("bad annotation %q", word)}
			}
			continue
		}
		move := stripMoveNumber(word)
		if move == "" {
			continue
		}
		move = strings.TrimRight(move, "!?")
		if !validMove(move) {
			return nil, &SyntaxError{line, fmt.Sprintf("bad move %q", word)}
		}
		if err := lines.add(move); err != nil {
			return nil, &SyntaxError{line, err.Error()}
		}
	}
}

// finish checks the result token against the Result tag.
func finish(g *Game, res string, line int) error {
	g.Result = res
	if tag := g.Tag(TagResult); g.HasTag(TagResult) && tag != "?" && tag != "" {
		norm, ok := resultToken(tag)
		if !ok {
			return &SyntaxError{line, fmt.Sprintf("bad Result tag %q", tag)}
		}
		if norm != res {
			return &SyntaxError{line, fmt.Sprintf("result token %s differs from the Result tag %q", res, tag)}
		}
	}
	return nil
}

// resultToken recognises a result token, also in the draughts forms 2-0,
// 0-2 and 1-1, and returns it in its standard form.
func resultToken(w string) (string, bool) {
	switch w {
	case WhiteWins, "2-0":
		return WhiteWins, true
	case BlackWins, "0-2":
		return BlackWins, true
	case Draw, "1-1":
		return Draw, true
	case Unfinished:
		return Unfinished, true
	}
	return "", false
}

// stripMoveNumber removes a leading move number ("12." or "12...") from w.
func stripMoveNumber(w string) string {
	i := 0
	for i < len(w) && isDigit(w[i]) {
		i++
	}
	if i == 0 {
		return w
	}
	j := i
	for j < len(w) && w[j] == '.' {
		j++
	}
	if j == i {
		return w // digits without a dot: not a move number
	}
	return w[j:]
}

// readTag reads `[Name "value"]`; the '[' is the next byte.
func (r *Reader) readTag(g *Game) error {
	r.next()
	line := r.line
	c, err := r.skipBlanks()
	if err != nil {
		return &SyntaxError{line, "unterminated tag"}
	}
	var name strings.Builder
	for isLetter(c) || isDigit(c) || c == '_' {
		if name.Len() == MaxTokenLength {
			return &SyntaxError{line, fmt.Sprintf("tag name longer than %d bytes", MaxTokenLength)}
		}
		name.WriteByte(c)
		r.next()
		if c, err = r.peek(); err != nil {
			return &SyntaxError{line, "unterminated tag"}
		}
	}
	if !validTagName(name.String()) {
		return &SyntaxError{line, fmt.Sprintf("bad tag name %q", name.String()+string(c))}
	}
	if c, err = r.skipBlanks(); err != nil || c != '"' {
		return &SyntaxError{line, fmt.Sprintf("tag %s: value must be in double quotes", name.String())}
	}
	r.next()
	var value strings.Builder
	for {
		c, err := r.next()
		if err != nil || c == '\n' || c == '\r' {
			return &SyntaxError{line, fmt.Sprintf("tag %s: unterminated value", name.String())}
		}
		if c == '"' {
			break
		}
		if value.Len() == MaxTagLength {
			return &SyntaxError{line, fmt.Sprintf("tag %s: value longer than %d bytes", name.String(), MaxTagLength)}
		}
		if c == '\\' {
			if c, err = r.next(); err != nil || c == '\n' || c == '\r' {
				return &SyntaxError{line, fmt.Sprintf("tag %s: unterminated value", name.String())}
			}
		}
		value.WriteByte(c)
	}
	if c, err = r.skipBlanks(); err != nil || c != ']' {
		return &SyntaxError{line, fmt.Sprintf("tag %s: missing ']'", name.String())}
	}
	r.next()
	if g.HasTag(name.String()) {
		return &SyntaxError{line, fmt.Sprintf("duplicate tag %s", name.String())}
	}
	g.Tags = append(g.Tags, Tag{name.String(), value.String()})
	return nil
}

// readComment reads a "{...}" or "; ..." comment; its first byte is next.
func (r *Reader) readComment(open byte) (string, error) {
	line := r.line
	r.next()
	r.scratch = r.scratch[:0]
	for {
		c, err := r.next()
		if err == io.EOF {
			if open == ';' {
				return string(r.scratch), nil
			}
			return "", &SyntaxError{line, "unterminated comment '{'"}
		}
		if err != nil {
			return "", err
		}
		if open == '{' && c == '}' || open == ';' && c == '\n' {
			return string(r.scratch), nil
		}
		if len(r.scratch) == MaxCommentLength {
			return "", &SyntaxError{line, fmt.Sprintf("comment '%c' longer than %d bytes (is it unterminated?)", open, MaxCommentLength)}
		}
		r.scratch = append(r.scratch, c)
	}
}

// readWord reads bytes up to white space or a delimiter into r.scratch
// and returns them (until the next use of r.scratch).
func (r *Reader) readWord() ([]byte, error) {
	r.scratch = r.scratch[:0]
	for {
		c, err := r.peek()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if isSpace(c) || strings.IndexByte("[]{}();", c) >= 0 {
			break
		}
		if c < 0x20 || c >= 0x7f {
			return nil, r.errorf("unexpected byte 0x%02x", c)
		}
		if len(r.scratch) == MaxTokenLength {
			return nil, r.errorf("token longer than %d bytes", MaxTokenLength)
		}
		r.scratch = append(r.scratch, c)
		r.next()
	}
	return r.scratch, nil
}

// isMoveNumber reports whether w is a move number alone: digits, then
// dots ("12." or "12...").
func isMoveNumber(w []byte) bool {
	digits := 0
	for digits < len(w) && isDigit(w[digits]) {
		digits++
	}
	dots := digits
	for dots < len(w) && w[dots] == '.' {
		dots++
	}
	return digits > 0 && dots > digits && dots == len(w)
}

// skipSpace skips white space and '%' escape lines, and returns the next
// byte without consuming it.
func (r *Reader) skipSpace() (byte, error) {
	for {
		c, err := r.peek()
		if err != nil {
			return 0, err
		}
		if c == '%' && r.atStart {
			for c != '\n' {
				if c, err = r.next(); err != nil {
					return 0, err
				}
			}
			continue
		}
		if !isSpace(c) {
			return c, nil
		}
		r.next()
	}
}

// skipBlanks skips spaces and tabs within a line.
func (r *Reader) skipBlanks() (byte, error) {
	for {
		c, err := r.peek()
		if err != nil {
			return 0, err
		}
		if c != ' ' && c != '\t' {
			return c, nil
		}
		r.next()
	}
}

// peek is the next byte, not consumed. The buffer is read here rather
// than through bufio: the reader's time goes into peek (which the compiler
// inlines) and next, once for every byte.
func (r *Reader) peek() (byte, error) {
	if r.pos >= r.end && !r.fill() {
		return 0, r.srcErr
	}
	return r.buf[r.pos], nil
}

// fill reads more of the source into the empty buffer; false when there
// is no more (r.srcErr says why).
func (r *Reader) fill() bool {
	for empty := 0; r.pos >= r.end; empty++ {
		if r.srcErr != nil {
			return false
		}
		if empty == maxEmptyReads {
			r.srcErr = io.ErrNoProgress
			continue
		}
		n, err := r.src.Read(r.buf)
		r.pos, r.end = 0, max(0, min(n, len(r.buf)))
		r.srcErr = err
	}
	return true
}

// next consumes the next byte and returns it.
func (r *Reader) next() (byte, error) {
	if r.pos >= r.end && !r.fill() {
		return 0, r.srcErr
	}
	c := r.buf[r.pos]
	r.pos++
	if r.atStart || c == '\n' {
		r.lines(c)
	}
	return c, nil
}

// lines keeps the count of lines and the first bytes of this line and the
// one before as c, the byte consumed, starts or ends a line.
func (r *Reader) lines(c byte) {
	if r.atStart {
		r.lineFirst = c
	}
	r.atStart = c == '\n'
	if c == '\n' {
		r.line++
		r.prevFirst = r.lineFirst
	}
}

func (r *Reader) errorf(format string, args ...any) error {
	return &SyntaxError{r.line, fmt.Sprintf(format, args...)}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// IsSyntaxError reports whether err is malformed PDN (not an I/O error).
func IsSyntaxError(err error) bool {
	var se *SyntaxError
	return errors.As(err, &se)
}
