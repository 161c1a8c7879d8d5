// Parameters a session does not define itself: whole-number parameters that
// the program running the session adds through Config.Params (the strength
// levels of package levels, wired in cmd/dameo), declared and set like the
// session's own.

package protocol

import (
	"fmt"
	"strconv"

	"github.com/dameo/dameo/hub"
)

// IntParam is a whole-number parameter in Min..Max added to a session.
// Value gives its current value; Set is called with a value already checked
// against the range and must take it. Parameters may depend on each other
// (setting one may change another's Value).
type IntParam struct {
	Name     string
	Min, Max int
	Value    func() int
	Set      func(int)
}

// checkParams is why the added parameters cannot join the session's own:
// a name the session uses, given twice, or a parameter without its methods.
func checkParams(ps []IntParam) error {
	seen := map[string]bool{}
	for _, l := range (&settings{}).declare() {
		name, _ := l.Get("name")
		seen[name] = true
	}
	for _, p := range ps {
		switch {
		case p.Name == "" || seen[p.Name]:
			return fmt.Errorf("protocol: Config.Params: parameter name %q is empty or taken", p.Name)
		case p.Value == nil || p.Set == nil || p.Min > p.Max:
			return fmt.Errorf("protocol: Config.Params: parameter %s needs Value, Set and Min <= Max", p.Name)
		}
		seen[p.Name] = true
	}
	return nil
}

// declareParams is the `param` lines of the added parameters.
func declareParams(ps []IntParam) []hub.Line {
	var ls []hub.Line
	for _, p := range ps {
		ls = append(ls, param(p.Name, strconv.Itoa(p.Value()), "int").
			Set("min", strconv.Itoa(p.Min)).Set("max", strconv.Itoa(p.Max)))
	}
	return ls
}

// setParam sets the added parameter name to value; known is false when no
// added parameter has that name. A bad value changes nothing.
func setParam(ps []IntParam, name, value string) (known bool, err error) {
	for _, p := range ps {
		if p.Name == name {
			n, err := parseIntParam(name, value, p.Min, p.Max)
			if err == nil {
				p.Set(n)
			}
			return true, err
		}
	}
	return false, nil
}
