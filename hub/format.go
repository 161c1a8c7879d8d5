// Writing a line: the quoting of values, and the check that refuses what
// the protocol cannot carry, so that nothing written breaks the framing.

package hub

import (
	"errors"
	"fmt"
	"strings"
)

// Format writes l as protocol text without a newline. A value is quoted
// when it is empty or holds a space or '='. Format refuses l with an error,
// and writes nothing, when it has no command, when the command or a name is
// empty (for an argument) or holds a space, '=', '"' or a control character,
// or when a value holds '"' or a control character (tabs included).
func (l Line) Format() (string, error) {
	if l.Command == "" {
		return "", errors.New("hub: a line needs a command")
	}
	if err := checkName(l.Command); err != nil {
		return "", fmt.Errorf("hub: command %s", err)
	}
	for _, a := range l.Args {
		if err := checkName(a.Name); err != nil {
			return "", fmt.Errorf("hub: %s argument name %s", l.Command, err)
		}
		if a.Flag {
			continue
		}
		if err := checkValue(a.Value); err != nil {
			return "", fmt.Errorf("hub: %s argument %s: value %s", l.Command, a.Name, err)
		}
	}
	var sb strings.Builder
	sb.WriteString(l.Command)
	for _, a := range l.Args {
		sb.WriteByte(' ')
		sb.WriteString(a.Name)
		if a.Flag {
			continue
		}
		sb.WriteByte('=')
		if a.Value == "" || strings.ContainsAny(a.Value, " =") {
			sb.WriteByte('"')
			sb.WriteString(a.Value)
			sb.WriteByte('"')
		} else {
			sb.WriteString(a.Value)
		}
	}
	return sb.String(), nil
}

// String is the text of l for people: what Format writes, or for a line
// Format refuses, a description with every part made visible (for logs and
// error messages; it is not meant to be sent).
func (l Line) String() string {
	if text, err := l.Format(); err == nil {
		return text
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%q", l.Command)
	for _, a := range l.Args {
		if a.Flag {
			fmt.Fprintf(&sb, " %q", a.Name)
		} else {
			fmt.Fprintf(&sb, " %q=%q", a.Name, a.Value)
		}
	}
	return sb.String()
}

// checkName is why name cannot be a command or argument name, or nil.
func checkName(name string) error {
	if name == "" {
		return errors.New("is empty")
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case isControl(c):
			return fmt.Errorf("%q holds the control character %s", name, SafeValue(name[i:i+1]))
		case c == ' ' || c == '=' || c == '"':
			return fmt.Errorf("%q holds %q", name, c)
		}
	}
	return nil
}

// checkValue is why v cannot be a value, or nil.
func checkValue(v string) error {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case isControl(c):
			return fmt.Errorf("%q holds the control character %s", v, SafeValue(v[i:i+1]))
		case c == '"':
			return fmt.Errorf("%q holds '\"'", v)
		}
	}
	return nil
}
