// Engine specs: how a command line names an engine to start, in the one
// grammar of dameo match, gui and bot: key=value words such as
// `cmd="./dameo hub" name=fast dir=/tmp option.threads=2`, or a plain
// command line ("./dameo hub"). The front-ends add keys of their own.

package hubclient

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"unicode"
)

// Spec is an engine named on the command line.
type Spec struct {
	Name    string   // display name ("" until Finish: the program's base name)
	Command []string // program and arguments
	Dir     string   // working directory ("" = the caller's)
	Options []Param  // set-param lines sent before init, in order
}

// Check is why the parameter cannot be sent to an engine, or nil: its name
// must be a word (not empty, without spaces or '='), and a value cannot hold
// '"' or control characters.
func (p Param) Check() error {
	if p.Name == "" || strings.ContainsAny(p.Name, " \t=") {
		return fmt.Errorf("bad option name %q", p.Name)
	}
	if _, err := p.Line().Format(); err != nil {
		return fmt.Errorf("option %s: %v", p.Name, err)
	}
	return nil
}

// SpecKeys are the keys every front-end reads, as its errors list them.
const SpecKeys = "cmd, arg, args, name, dir, option.NAME"

// SpecWords splits a spec into its key=value words. A spec whose first
// word holds no '=' is a plain command line: its words become cmd= and
// arg= words.
func SpecWords(s string) ([]string, error) {
	words, err := SplitWords(s)
	if err != nil || len(words) == 0 || strings.Contains(words[0], "=") {
		return words, err
	}
	out := []string{"cmd=" + quoteWord(words[0])}
	for _, w := range words[1:] {
		out = append(out, "arg="+w)
	}
	return out, nil
}

// quoteWord quotes w for SplitWords when it holds a space.
func quoteWord(w string) string {
	if !strings.ContainsAny(w, " \t\n") {
		return w
	}
	if strings.Contains(w, `"`) {
		return "'" + w + "'"
	}
	return `"` + w + `"`
}

// Set applies the word key=value to the spec when key is one of SpecKeys;
// known is false for another key, which the caller reads or refuses.
func (s *Spec) Set(key, value string) (known bool, err error) {
	switch {
	case key == "cmd":
		if len(s.Command) > 0 {
			return true, fmt.Errorf("cmd= given twice")
		}
		parts, err := SplitWords(value)
		if err != nil {
			return true, fmt.Errorf("cmd: %v", err)
		}
		if len(parts) == 0 {
			return true, fmt.Errorf("empty cmd")
		}
		s.Command = parts
	case key == "arg" || key == "args":
		if len(s.Command) == 0 {
			return true, fmt.Errorf("%s= needs a cmd= before it", key)
		}
		parts := []string{value}
		if key == "args" {
			if parts, err = SplitWords(value); err != nil {
				return true, fmt.Errorf("args: %v", err)
			}
		}
		s.Command = append(s.Command, parts...)
	case key == "name":
		if value == "" {
			return true, fmt.Errorf("empty name")
		}
		if err := CheckName(value); err != nil {
			return true, err
		}
		s.Name = value
	case key == "dir":
		s.Dir = value
	case strings.HasPrefix(key, "option."):
		o := Param{strings.TrimPrefix(key, "option."), value}
		if err := o.Check(); err != nil {
			return true, err
		}
		s.Options = append(s.Options, o)
	default:
		return false, nil
	}
	return true, nil
}

// ParseSpec reads a spec of only the keys of SpecKeys (see SpecWords); a
// spec without cmd= runs defaultCommand (an error when that is empty).
func ParseSpec(text string, defaultCommand []string) (Spec, error) {
	var s Spec
	words, err := SpecWords(text)
	if err != nil {
		return s, err
	}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return s, fmt.Errorf("%q is not key=value", w)
		}
		known, err := s.Set(k, v)
		if err != nil {
			return s, err
		}
		if !known {
			return s, fmt.Errorf("unknown key %q (want %s)", k, SpecKeys)
		}
	}
	return s, s.Finish(text, defaultCommand)
}

// Finish gives a spec without a command defaultCommand (an error when that
// is empty) and one without a name its program's base name.
func (s *Spec) Finish(text string, defaultCommand []string) error {
	if len(s.Command) == 0 {
		if len(defaultCommand) == 0 {
			return fmt.Errorf("engine spec %q: cmd= is required", text)
		}
		s.Command = append([]string(nil), defaultCommand...)
	}
	if s.Name == "" {
		s.Name = baseName(s.Command[0])
	}
	return nil
}

// Found is why the spec's program cannot be started, or nil: it must be
// an executable file, found in the PATH when its name holds no '/' and
// relative to Dir when it does.
func (s Spec) Found() error {
	program := s.Command[0]
	if strings.ContainsRune(program, filepath.Separator) && !filepath.IsAbs(program) && s.Dir != "" {
		program = filepath.Join(s.Dir, program)
	}
	if _, err := exec.LookPath(program); err != nil {
		return fmt.Errorf("engine %s: cannot run %s: %v", s.Name, s.Command[0], err)
	}
	return nil
}

// CheckName is why name cannot name an engine, or nil: it shows in logs,
// PDN tags and summaries, so it holds no control character.
func CheckName(name string) error {
	if strings.ContainsFunc(name, unicode.IsControl) {
		return fmt.Errorf("name %q holds a control character", name)
	}
	return nil
}

// baseName is a program's file name without its directory and ".exe".
func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		path = path[i+1:]
	}
	return strings.TrimSuffix(path, ".exe")
}

// SplitWords splits at spaces, keeping quoted parts ("..." or '...') whole
// and removing the quotes: `a=1 b="x y"` gives "a=1", "b=x y".
func SplitWords(s string) ([]string, error) {
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
