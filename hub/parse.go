// Reading a line: splitting the text into the command and its arguments,
// unquoting values, and the errors for text that is not a protocol line.

package hub

import (
	"errors"
	"fmt"
	"strings"
)

// isSeparator reports whether c separates the words of a line.
func isSeparator(c byte) bool { return c == ' ' || c == '\t' }

// isControl reports whether c is a control character: a C0 byte or DEL.
func isControl(c byte) bool { return c < 0x20 || c == 0x7f }

// Parse reads one line of text without its newline; a trailing '\r' is
// ignored. Blank text gives a Line with no command and no error. Text that
// is not a protocol line gives an error starting "malformed line:": a
// control character other than a tab between words, a name that is empty
// or holds '"', a command followed by '=', an unclosed quote, a quote inside
// an unquoted value, or text right after a closing quote.
func Parse(text string) (Line, error) {
	s := strings.TrimSuffix(text, "\r")
	for i := 0; i < len(s); i++ {
		if isControl(s[i]) && s[i] != '\t' {
			return Line{}, fmt.Errorf("malformed line: control character %s at column %d", SafeValue(s[i:i+1]), i+1)
		}
	}
	p := parser{s: s}
	p.skipSeparators()
	if p.atEnd() {
		return Line{}, nil
	}
	var l Line
	l.Command = p.word()
	switch {
	case l.Command == "":
		return Line{}, errors.New("malformed line: it starts with '='")
	case strings.ContainsRune(l.Command, '"'):
		return Line{}, errors.New("malformed line: a quote in the command name")
	case p.at('='):
		return Line{}, errors.New("malformed line: the command name is followed by '='")
	}
	for {
		p.skipSeparators()
		if p.atEnd() {
			return l, nil
		}
		name := p.word()
		if name == "" {
			return Line{}, errors.New("malformed line: '=' without an argument name")
		}
		if strings.ContainsRune(name, '"') {
			return Line{}, fmt.Errorf("malformed line: a quote in argument name %s", SafeValue(name))
		}
		if !p.at('=') {
			l.Args = append(l.Args, Arg{Name: name, Flag: true})
			continue
		}
		p.i++ // '='
		value, err := p.value()
		if err != nil {
			return Line{}, fmt.Errorf("malformed line: argument %s: %v", name, err)
		}
		l.Args = append(l.Args, Arg{Name: name, Value: value})
	}
}

// parser is the position reached in the text of a line.
type parser struct {
	s string
	i int
}

func (p *parser) atEnd() bool { return p.i == len(p.s) }

// at reports whether the next byte is c.
func (p *parser) at(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

func (p *parser) skipSeparators() {
	for p.i < len(p.s) && isSeparator(p.s[p.i]) {
		p.i++
	}
}

// word reads up to a separator, '=' or the end.
func (p *parser) word() string {
	start := p.i
	for p.i < len(p.s) && !isSeparator(p.s[p.i]) && p.s[p.i] != '=' {
		p.i++
	}
	return p.s[start:p.i]
}

// value reads the value after '=': quoted up to the next '"', or bare up to
// the next separator.
func (p *parser) value() (string, error) {
	if p.at('"') {
		rest := p.s[p.i+1:]
		end := strings.IndexByte(rest, '"')
		if end < 0 {
			return "", errors.New("missing closing quote")
		}
		v := rest[:end]
		if strings.IndexByte(v, '\t') >= 0 {
			return "", errors.New("a tab inside a quoted value")
		}
		p.i += end + 2
		if !p.atEnd() && !isSeparator(p.s[p.i]) {
			return "", errors.New("text right after the closing quote")
		}
		return v, nil
	}
	start := p.i
	for p.i < len(p.s) && !isSeparator(p.s[p.i]) {
		if p.s[p.i] == '"' {
			return "", errors.New("a quote inside an unquoted value")
		}
		p.i++
	}
	return p.s[start:p.i], nil
}
