// Engine specifications: how to start an engine and configure it, written
// on the command line as "cmd=... name=... dir=... option.threads=2
// ponder=true", like cutechess-cli's -engine.

package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/dameo/dameo/hubclient"
)

// EngineSpec describes one engine of a match.
type EngineSpec struct {
	Name    string         // display name, unique in the match
	Command []string       // program and arguments
	Dir     string         // working directory ("" = the runner's)
	Options []Option       // set-param lines sent before init, in order
	Ponder  bool           // the engine ponders on the opponent's time
	TC      TimeControl    // its own limits (zero: the match's)
	Margin  *time.Duration // its own time margin (nil: the match's)
	Restart string         // RestartAuto ("" too), RestartOn or RestartOff
}

// Restart modes of an engine (cutechess-cli's restart=).
const (
	RestartAuto = "auto" // keep the process across games; restart it after a failure
	RestartOn   = "on"   // a fresh process for every game
	RestartOff  = "off"  // as auto: a process in an unknown state is never reused
)

// margin is the engine's time margin (DefaultMargin before Validate).
func (e EngineSpec) margin() time.Duration {
	if e.Margin == nil {
		return DefaultMargin
	}
	return *e.Margin
}

// Option is one engine parameter.
type Option struct {
	Name, Value string
}

// check is why the option cannot be sent to an engine, or nil: its name
// must be a word (not empty, without spaces or '='), and a value cannot hold
// '"' or control characters.
func (o Option) check() error {
	if o.Name == "" || strings.ContainsAny(o.Name, " \t=") {
		return fmt.Errorf("bad option name %q", o.Name)
	}
	if _, err := hubclient.Param(o).Line().Format(); err != nil {
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
const SpecHelp = `An engine is "key=value key=value ..." (one quoted argument after -e or
--engine), or the same words as separate arguments after -engine or -each
(cutechess-cli style, up to the next option):
  cmd=PROGRAM      the command line (split at spaces; quote it: cmd="./dameo hub");
                   without cmd= the engine is this program's own "dameo hub"
  arg=ARG          one more argument (repeatable; may contain spaces when quoted)
  args="A B"       more arguments, split at spaces (fastchess)
  name=NAME        display name (default: the program's base name, made unique)
  dir=DIR          working directory of the engine
  option.N=V       set-param name=N value=V before init (repeatable)
  ponder=true      let the engine ponder on its opponent's time
  tc=[M/]T[+I]     its own clock (as --tc; tc=inf: no clock, with depth= or nodes=)
  st=S             its own fixed time per move in seconds
  depth=D          its own fixed depth
  nodes=N          its own fixed nodes per move
  timemargin=MS    milliseconds it may overstep its time (default: --margin)
  restart=on|off|auto  on: a fresh process for every game; auto and off (default):
                   one process across games, restarted after a failure
  proto=hub        the protocol (Hub is the only one)
Values containing spaces are quoted with "..." or '...'. The words of --each
(-each) apply to every engine; an engine's own words override them (its
cmd=, arg= or args= replace the shared command line, and any of its tc=,
st=, depth=, nodes= the shared limit).`

// ParseEngineSpec reads an engine specification; see SpecHelp. A spec
// without cmd= runs defaultCommand (an error when that is empty).
func ParseEngineSpec(s string, defaultCommand []string) (EngineSpec, error) {
	return ParseEngineSpecWith("", s, defaultCommand)
}

// ParseEngineSpecWith reads an engine specification s after the shared
// words each (--each), which s overrides key by key.
func ParseEngineSpecWith(each, s string, defaultCommand []string) (EngineSpec, error) {
	shared, err := splitSpec(each)
	if err != nil {
		return EngineSpec{}, fmt.Errorf("each: %v", err)
	}
	own, err := splitSpec(s)
	if err != nil {
		return EngineSpec{}, err
	}
	e, err := parseSpecWords(mergeSpecWords(shared, own))
	if err != nil {
		return e, fmt.Errorf("engine spec: %v", err)
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

// specKeyGroups are keys that are overridden together: those that make
// up the command line, and the limits.
var specKeyGroups = []map[string]bool{
	{"cmd": true, "arg": true, "args": true},
	{"tc": true, "st": true, "depth": true, "nodes": true},
}

// mergeSpecWords is the shared words that own does not override, then
// own: a key of own drops the shared words of that key, and a key of a
// group (command, limits) drops all the shared keys of the group.
func mergeSpecWords(shared, own []string) []string {
	set := map[string]bool{}
	for _, w := range own {
		k, _, _ := strings.Cut(w, "=")
		set[k] = true
		for _, group := range specKeyGroups {
			if group[k] {
				for g := range group {
					set[g] = true
				}
			}
		}
	}
	var out []string
	for _, w := range shared {
		if k, _, _ := strings.Cut(w, "="); !set[k] {
			out = append(out, w)
		}
	}
	return append(out, own...)
}

// parseSpecWords reads the key=value words of a spec.
func parseSpecWords(words []string) (EngineSpec, error) {
	var e EngineSpec
	hasCmd := false
	var limits TimeControl
	kinds := map[string]bool{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return e, fmt.Errorf("%q is not key=value", w)
		}
		var err error
		switch {
		case k == "cmd":
			if hasCmd {
				return e, fmt.Errorf("cmd= given twice")
			}
			parts, err := splitSpec(v)
			if err != nil {
				return e, fmt.Errorf("cmd: %v", err)
			}
			if len(parts) == 0 {
				return e, fmt.Errorf("empty cmd")
			}
			e.Command, hasCmd = parts, true
		case k == "arg" || k == "args":
			if !hasCmd {
				return e, fmt.Errorf("%s= needs a cmd= before it", k)
			}
			parts := []string{v}
			if k == "args" {
				if parts, err = splitSpec(v); err != nil {
					return e, fmt.Errorf("args: %v", err)
				}
			}
			e.Command = append(e.Command, parts...)
		case k == "name":
			if v == "" {
				return e, fmt.Errorf("empty name")
			}
			if err := checkName(v); err != nil {
				return e, err
			}
			e.Name = v
		case k == "dir":
			e.Dir = v
		case k == "ponder":
			if e.Ponder, err = strconv.ParseBool(v); err != nil {
				return e, fmt.Errorf("ponder=%q is not true or false", v)
			}
		case k == "proto":
			if v != "hub" {
				return e, fmt.Errorf("proto=%q: the runner speaks only the Hub protocol (proto=hub)", v)
			}
		case k == "restart":
			if v != RestartAuto && v != RestartOn && v != RestartOff {
				return e, fmt.Errorf("restart=%q: want on, off or auto", v)
			}
			e.Restart = v
		case k == "timemargin":
			ms, err := strconv.Atoi(v)
			if err != nil || ms < 0 || ms > 1e7 {
				return e, fmt.Errorf("timemargin=%q: want milliseconds, 0 or more", v)
			}
			m := time.Duration(ms) * time.Millisecond
			e.Margin = &m
		case k == "tc":
			kinds[k] = true
			if v == "inf" || v == "infinite" {
				delete(kinds, k)
				break
			}
			tc, err := ParseTC(v)
			if err != nil {
				return e, err
			}
			limits.Moves, limits.Base, limits.Inc = tc.Moves, tc.Base, tc.Inc
		case k == "st":
			kinds[k] = true
			if limits.MoveTime, err = parseSeconds(v); err != nil || limits.MoveTime <= 0 {
				return e, fmt.Errorf("st=%q: want a positive number of seconds", v)
			}
		case k == "depth":
			kinds[k] = true
			if limits.Depth, err = strconv.Atoi(v); err != nil || limits.Depth < 1 {
				return e, fmt.Errorf("depth=%q: want a positive number of plies", v)
			}
		case k == "nodes":
			kinds[k] = true
			if limits.Nodes, err = strconv.ParseInt(v, 10, 64); err != nil || limits.Nodes < 1 {
				return e, fmt.Errorf("nodes=%q: want a positive number", v)
			}
		case strings.HasPrefix(k, "option."):
			o := Option{strings.TrimPrefix(k, "option."), v}
			if err := o.check(); err != nil {
				return e, err
			}
			e.Options = append(e.Options, o)
		default:
			return e, fmt.Errorf("unknown key %q (want cmd, arg, args, name, dir, option.NAME, ponder, tc, st, depth, nodes, timemargin, restart, proto)", k)
		}
	}
	if len(kinds) > 1 {
		return e, fmt.Errorf("give only one of tc=, st=, depth=, nodes=")
	}
	e.TC = limits
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
