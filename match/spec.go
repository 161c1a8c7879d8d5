// Engine specifications: how to start an engine and configure it, written
// on the command line as "cmd=... name=... dir=... option.threads=2
// ponder=true", like cutechess-cli's -engine.

package match

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/dameo/dameo/hub"
)

// EngineSpec describes one engine of a match.
type EngineSpec struct {
	Name    string   // display name, unique in the match
	Command []string // program and arguments
	Dir     string   // working directory ("" = the runner's)
	Options []Option // set-param lines sent before init, in order
	Ponder  bool     // the engine ponders on the opponent's time
}

// Option is one engine parameter.
type Option struct {
	Name, Value string
}

// setParam is the line that gives the engine the option.
func (o Option) setParam() hub.Line {
	return hub.NewLine("set-param").Set("name", o.Name).Set("value", o.Value)
}

// check is why the option cannot be sent to an engine, or nil: its name
// must be a word (not empty, without spaces or '='), and a value cannot hold
// '"' or control characters.
func (o Option) check() error {
	if o.Name == "" || strings.ContainsAny(o.Name, " \t=") {
		return fmt.Errorf("bad option name %q", o.Name)
	}
	if _, err := o.setParam().Format(); err != nil {
		return fmt.Errorf("option %s: %v", o.Name, err)
	}
	return nil
}

// checkName is why name cannot name an engine, or nil: it shows in the log,
// the PDN tags and the summary, so it holds no control character.
func checkName(name string) error {
	if strings.ContainsFunc(name, unicode.IsControl) {
		return fmt.Errorf("name %q holds a control character", name)
	}
	return nil
}

// SpecHelp documents the engine specification syntax.
const SpecHelp = `An engine is "key=value key=value ...":
  cmd=PROGRAM      the command line (split at spaces; quote it: cmd="./dameo hub");
                   without cmd= the engine is this program's own "dameo hub"
  arg=ARG          one more argument (repeatable; may contain spaces when quoted)
  name=NAME        display name (default: the program's base name, made unique)
  dir=DIR          working directory of the engine
  option.N=V       set-param name=N value=V before init (repeatable)
  ponder=true      let the engine ponder on its opponent's time
Values containing spaces are quoted with "..." or '...'.`

// ParseEngineSpec reads an engine specification; see SpecHelp. A spec
// without cmd= runs defaultCommand (an error when that is empty).
func ParseEngineSpec(s string, defaultCommand []string) (EngineSpec, error) {
	var e EngineSpec
	hasCmd := false
	words, err := splitSpec(s)
	if err != nil {
		return e, err
	}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return e, fmt.Errorf("engine spec: %q is not key=value", w)
		}
		switch {
		case k == "cmd":
			if hasCmd {
				return e, fmt.Errorf("engine spec: cmd= given twice")
			}
			parts, err := splitSpec(v)
			if err != nil {
				return e, fmt.Errorf("engine spec: cmd: %v", err)
			}
			if len(parts) == 0 {
				return e, fmt.Errorf("engine spec: empty cmd")
			}
			e.Command, hasCmd = parts, true
		case k == "arg":
			if !hasCmd {
				return e, fmt.Errorf("engine spec: arg= needs a cmd= before it")
			}
			e.Command = append(e.Command, v)
		case k == "name":
			if v == "" {
				return e, fmt.Errorf("engine spec: empty name")
			}
			if err := checkName(v); err != nil {
				return e, fmt.Errorf("engine spec: %v", err)
			}
			e.Name = v
		case k == "dir":
			e.Dir = v
		case k == "ponder":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return e, fmt.Errorf("engine spec: ponder=%q is not true or false", v)
			}
			e.Ponder = b
		case strings.HasPrefix(k, "option."):
			o := Option{strings.TrimPrefix(k, "option."), v}
			if err := o.check(); err != nil {
				return e, fmt.Errorf("engine spec: %v", err)
			}
			e.Options = append(e.Options, o)
		default:
			return e, fmt.Errorf("engine spec: unknown key %q (want cmd, arg, name, dir, option.NAME, ponder)", k)
		}
	}
	if len(e.Command) == 0 {
		if len(defaultCommand) == 0 {
			return e, fmt.Errorf("engine spec %q: cmd= is required", s)
		}
		e.Command = append([]string(nil), defaultCommand...)
	}
	if e.Name == "" {
		e.Name = baseName(e.Command[0])
	}
	return e, nil
}

// Threads is the value of the engine's threads option (1 when not set).
func (e EngineSpec) Threads() int {
	n := 1
	for _, o := range e.Options {
		if o.Name == "threads" {
			if v, err := strconv.Atoi(o.Value); err == nil && v > 0 {
				n = v
			}
		}
	}
	return n
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		path = path[i+1:]
	}
	return strings.TrimSuffix(path, ".exe")
}

// splitSpec splits at spaces, keeping quoted parts ("..." or '...') whole
// and removing the quotes: `a=1 b="x y"` gives "a=1", "b=x y".
func splitSpec(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote = c
			inWord = true
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote in %q", quote, s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
