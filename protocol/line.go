// Hub protocol lines: `<command> <name>=<value> <flag> ...`, parsed from and
// formatted to text with the quoting rule of PROTOCOL.md (a value is quoted
// with '"' when it is empty or holds a space or '='; there is no escape).
package protocol

import (
	"errors"
	"strings"
)

// Arg is one argument of a line: a name with a value, or a bare flag.
type Arg struct {
	Name  string
	Value string
	Flag  bool // a bare name without '='
}

// Line is a parsed protocol line.
type Line struct {
	Command string
	Args    []Arg
}

// Get is the value of the last argument called name with a value, and
// whether there is one.
func (l *Line) Get(name string) (string, bool) {
	for i := len(l.Args) - 1; i >= 0; i-- {
		if a := l.Args[i]; a.Name == name && !a.Flag {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether the line has an argument called name (flag or value).
func (l *Line) Has(name string) bool {
	for _, a := range l.Args {
		if a.Name == name {
			return true
		}
	}
	return false
}

// isSpace reports whether c separates words.
func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// ParseLine reads one line (without its newline; a trailing '\r' is
// ignored). An empty or blank line gives a Line with no command.
func ParseLine(s string) (Line, error) {
	s = strings.TrimSuffix(s, "\r")
	var l Line
	i := 0
	skip := func() {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
	}
	word := func() string { // up to a space, '=' or the end
		start := i
		for i < len(s) && !isSpace(s[i]) && s[i] != '=' {
			i++
		}
		return s[start:i]
	}
	skip()
	if i == len(s) {
		return l, nil
	}
	l.Command = word()
	switch {
	case l.Command == "":
		return Line{}, errors.New("malformed line: it starts with '='")
	case strings.ContainsRune(l.Command, '"'):
		return Line{}, errors.New("malformed line: a quote in the command name")
	case i < len(s) && s[i] == '=':
		return Line{}, errors.New("malformed line: the command name is followed by '='")
	}
	for {
		skip()
		if i == len(s) {
			return l, nil
		}
		name := word()
		if name == "" {
			return Line{}, errors.New("malformed line: '=' without an argument name")
		}
		if strings.ContainsRune(name, '"') {
			return Line{}, errors.New("malformed line: a quote in argument name " + sanitize(name))
		}
		if i == len(s) || s[i] != '=' {
			l.Args = append(l.Args, Arg{Name: name, Flag: true})
			continue
		}
		i++ // '='
		value, err := readValue(s, &i)
		if err != nil {
			return Line{}, errors.New("malformed line: argument " + name + ": " + err.Error())
		}
		l.Args = append(l.Args, Arg{Name: name, Value: value})
	}
}

// readValue reads a value starting at s[*i]: quoted up to the next '"', or
// bare up to the next space.
func readValue(s string, i *int) (string, error) {
	if *i < len(s) && s[*i] == '"' {
		end := strings.IndexByte(s[*i+1:], '"')
		if end < 0 {
			return "", errors.New("missing closing quote")
		}
		v := s[*i+1 : *i+1+end]
		*i += end + 2
		if *i < len(s) && !isSpace(s[*i]) {
			return "", errors.New("text right after the closing quote")
		}
		return v, nil
	}
	start := *i
	for *i < len(s) && !isSpace(s[*i]) {
		if s[*i] == '"' {
			return "", errors.New("a quote inside an unquoted value")
		}
		*i++
	}
	return s[start:*i], nil
}

// String formats the line. Values that are empty or hold a space, a tab or
// '=' are quoted; a '"' in a value (which the protocol cannot carry) is
// written as an apostrophe and line breaks as spaces, so the result is always one
// line that ParseLine reads back.
func (l Line) String() string {
	var sb strings.Builder
	sb.WriteString(sanitizeWord(l.Command))
	for _, a := range l.Args {
		sb.WriteByte(' ')
		sb.WriteString(sanitizeWord(a.Name))
		if a.Flag {
			continue
		}
		sb.WriteByte('=')
		v := sanitize(a.Value)
		if v == "" || strings.ContainsAny(v, " \t=") {
			sb.WriteByte('"')
			sb.WriteString(v)
			sb.WriteByte('"')
		} else {
			sb.WriteString(v)
		}
	}
	return sb.String()
}

// sanitize makes s fit in a quoted value: no '"' and no line breaks.
func sanitize(s string) string {
	if !strings.ContainsAny(s, "\"\r\n") {
		return s
	}
	return strings.NewReplacer(`"`, "'", "\r", " ", "\n", " ").Replace(s)
}

// sanitizeWord makes s fit as a command or argument name: no space, '=',
// '"' or line break (each becomes '_'); an empty name becomes "_".
func sanitizeWord(s string) string {
	if s == "" {
		return "_"
	}
	if !strings.ContainsAny(s, " \t=\"\r\n") {
		return s
	}
	return strings.NewReplacer(" ", "_", "\t", "_", "=", "_", `"`, "_", "\r", "_", "\n", "_").Replace(s)
}

// newLine builds a line from a command and name/value pairs.
func newLine(command string, pairs ...string) Line {
	l := Line{Command: command}
	for i := 0; i+1 < len(pairs); i += 2 {
		l.Args = append(l.Args, Arg{Name: pairs[i], Value: pairs[i+1]})
	}
	return l
}
