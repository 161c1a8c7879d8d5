// Hub protocol lines (PROTOCOL.md): splitting a line into its command and
// name=value arguments, and quoting values when writing.
package match

import (
	"fmt"
	"strings"
)

// hubLine is one parsed protocol line.
type hubLine struct {
	cmd  string
	args map[string]string // flags have the value ""
}

// arg returns the named argument and whether it was present.
func (l hubLine) arg(name string) (string, bool) {
	v, ok := l.args[name]
	return v, ok
}

// parseHubLine splits a line; it fails on an unterminated quote, a quote
// inside a name, or a line without a command.
func parseHubLine(s string) (hubLine, error) {
	s = strings.TrimSuffix(s, "\r")
	l := hubLine{args: map[string]string{}}
	i := 0
	first := true
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '=' && s[i] != '"' {
			i++
		}
		name := s[start:i]
		if name == "" {
			return l, fmt.Errorf("unexpected %q at column %d", s[i], i+1)
		}
		if first {
			if i < len(s) && (s[i] == '=' || s[i] == '"') {
				return l, fmt.Errorf("line does not start with a command")
			}
			l.cmd = name
			first = false
			continue
		}
		if i < len(s) && s[i] == '"' {
			return l, fmt.Errorf("quote inside the name %q", name)
		}
		if i >= len(s) || s[i] != '=' {
			l.args[name] = ""
			continue
		}
		i++ // '='
		if i < len(s) && s[i] == '"' {
			end := strings.IndexByte(s[i+1:], '"')
			if end < 0 {
				return l, fmt.Errorf("unterminated quote in the value of %s", name)
			}
			l.args[name] = s[i+1 : i+1+end]
			i += end + 2
			continue
		}
		start = i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			if s[i] == '"' {
				return l, fmt.Errorf("quote inside the value of %s", name)
			}
			i++
		}
		l.args[name] = s[start:i]
	}
	if l.cmd == "" {
		return l, fmt.Errorf("empty line")
	}
	return l, nil
}

// hubValue quotes a value when it is empty or holds a space or '='.
func hubValue(v string) string {
	if v == "" || strings.ContainsAny(v, " \t=") {
		return `"` + v + `"`
	}
	return v
}
