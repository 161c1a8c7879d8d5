// Engine specifications: how to start an engine and configure it, written
// on the command line as "cmd=... name=... dir=... option.threads=2
// ponder=true", like cutechess-cli's -engine.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/search"
)

// EngineSpec describes one engine of a match: how to start it (its Name,
// unique in the match, its Command, Dir and Options, the set-param lines
// sent before init) and the match's keys of its own.
type EngineSpec struct {
	hubclient.Spec
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

// Option is one engine parameter, sent as set-param before init.
type Option = hubclient.Param

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
  margin=S         seconds it may overstep its time (default: --margin)
  timemargin=MS    the same in milliseconds (cutechess-cli's word)
  restart=on|off|auto  on: a fresh process for every game; auto and off (default):
                   one process across games, restarted after a failure
  proto=hub        the protocol (Hub is the only one)
A spec whose first word holds no "=" is a plain command line ("./dameo hub").
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
	shared, err := hubclient.SpecWords(each)
	if err != nil {
		return EngineSpec{}, fmt.Errorf("each: %v", err)
	}
	own, err := hubclient.SpecWords(s)
	if err != nil {
		return EngineSpec{}, err
	}
	e, err := parseSpecWords(mergeSpecWords(shared, own))
	if err != nil {
		return e, fmt.Errorf("engine spec: %v", err)
	}
	if err := e.Finish(s, defaultCommand); err != nil {
		return e, err
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

// parseSpecWords reads the key=value words of a spec: those of every
// front-end (hubclient.SpecKeys) and the match's own.
func parseSpecWords(words []string) (EngineSpec, error) {
	var e EngineSpec
	var limits TimeControl
	kinds := map[string]bool{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return e, fmt.Errorf("%q is not key=value", w)
		}
		known, err := e.Set(k, v)
		if err != nil {
			return e, err
		}
		if known {
			continue
		}
		switch {
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
		case k == "margin":
			m, err := parseSeconds(v)
			if err != nil {
				return e, fmt.Errorf("margin=%q: want seconds, 0 or more", v)
			}
			e.Margin = &m
		case k == "timemargin": // cutechess-cli's, in milliseconds
			ms, err := strconv.Atoi(v)
			if err != nil || ms < 0 || ms > 1e7 {
				return e, fmt.Errorf("timemargin=%q: want milliseconds, 0 or more (or margin= in seconds)", v)
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
			d, err := parseSeconds(v)
			if err == nil {
				_, err = MoveTimeLimit(d)
			}
			if err != nil {
				return e, fmt.Errorf("st=%q: want a positive number of seconds", v)
			}
			limits.MoveTime = d
		case k == "depth":
			kinds[k] = true
			n, err := hub.ParseWhole(v, 0, math.MaxInt32)
			if err == nil {
				_, err = DepthLimit(int(n))
			}
			if err != nil {
				return e, fmt.Errorf("depth=%q: want a number of plies, 1 to %d", v, search.MaxDepth)
			}
			limits.Depth = int(n)
		case k == "nodes":
			kinds[k] = true
			n, err := hub.ParseWhole(v, 0, math.MaxInt64)
			if err == nil {
				_, err = NodesLimit(n)
			}
			if err != nil {
				return e, fmt.Errorf("nodes=%q: want a positive number", v)
			}
			limits.Nodes = n
		default:
			return e, fmt.Errorf("unknown key %q (want %s, ponder, tc, st, depth, nodes, margin, timemargin, restart, proto)", k, hubclient.SpecKeys)
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
