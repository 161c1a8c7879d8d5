package protocol

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/dameo/dameo/search"
)

// twoParams are added parameters that depend on each other: b is always
// twice a.
func twoParams(a *int) []IntParam {
	return []IntParam{
		{Name: "a", Min: 0, Max: 5, Value: func() int { return *a }, Set: func(n int) { *a = n }},
		{Name: "b", Min: 0, Max: 10, Value: func() int { return 2 * *a }, Set: func(n int) { *a = n / 2 }},
	}
}

// Added parameters are declared after the session's own, set, and refused
// with the session's own error for a bad value, which changes nothing.
func TestAddedParams(t *testing.T) {
	a := 1
	h := start(t, func(c *Config) { c.Params = twoParams(&a) })
	h.send("hub")
	h.expectPrefix("id ")
	if l, before := h.until("param name=a "); l != "param name=a value=1 type=int min=0 max=5" || !strings.HasPrefix(before[len(before)-1], "param name=") {
		t.Errorf("got %q after %q; want a's param line after the session's own", l, before)
	}
	h.expect("param name=b value=2 type=int min=0 max=10", "wait")
	h.send("set-param name=b value=8")
	for _, tt := range []struct{ line, msg string }{
		{"set-param name=a value=6", "bad value 6 for parameter a: want a whole number from 0 to 5"},
		{"set-param name=a value=-1", "bad value -1 for parameter a: want a whole number from 0 to 5"},
		{"set-param name=b value=x", "bad value x for parameter b: want a whole number from 0 to 10"},
		{`set-param name=a value=""`, "bad value  for parameter a: want a whole number from 0 to 5"},
	} {
		h.send(tt.line)
		h.expect(`error message="` + tt.msg + `"`)
	}
	h.send("hub")
	if l, _ := h.until("param name=a "); l != "param name=a value=4 type=int min=0 max=5" {
		t.Errorf("got %q, want a=4", l)
	}
	h.expect("param name=b value=8 type=int min=0 max=10", "wait")
	h.finish()
}

// A session refuses added parameters that clash or lack their methods.
func TestAddedParamsChecked(t *testing.T) {
	a := 0
	for _, tt := range []struct {
		name   string
		params []IntParam
	}{
		{"a name of the session's", []IntParam{{Name: "threads", Min: 1, Max: 2, Value: func() int { return a }, Set: func(int) {}}}},
		{"a name twice", append(twoParams(&a), twoParams(&a)[0])},
		{"no Set", []IntParam{{Name: "c", Value: func() int { return a }}}},
		{"an empty range", []IntParam{{Name: "c", Min: 2, Max: 1, Value: func() int { return a }, Set: func(int) {}}}},
	} {
		cfg := Config{Searcher: &fakeSearcher{}, Options: search.Options{Threads: 1, HashMiB: 1}, Params: tt.params}
		err := Run(context.Background(), cfg, strings.NewReader("hub\n"), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "Config.Params") {
			t.Errorf("%s: Run = %v, want an error about Config.Params", tt.name, err)
		}
	}
}
