// Tests of building lines and looking up arguments: Set and Flag replace
// arguments of the same name and never share storage between lines built
// from one base; Get takes the last value; Has sees flags and values.

package hub

import (
	"reflect"
	"testing"
)

func TestBuild(t *testing.T) {
	got := NewLine("info").Set("depth", "3").Flag("lower").Set("pv", "a3-b4 b6-a5")
	want := Line{Command: "info", Args: []Arg{
		{Name: "depth", Value: "3"},
		{Name: "lower", Flag: true},
		{Name: "pv", Value: "a3-b4 b6-a5"},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("built %+v, want %+v", got, want)
	}
}

func TestSetReplaces(t *testing.T) {
	l := Line{Command: "x", Args: []Arg{{Name: "a", Value: "1"}, {Name: "b", Flag: true}, {Name: "a", Value: "2"}}}
	got := l.Set("a", "3")
	want := []Arg{{Name: "a", Value: "3"}, {Name: "b", Flag: true}}
	if !reflect.DeepEqual(got.Args, want) {
		t.Errorf("Set(a, 3) gave %+v, want %+v", got.Args, want)
	}
	if got := l.Flag("a").Args; !reflect.DeepEqual(got, []Arg{{Name: "a", Flag: true}, {Name: "b", Flag: true}}) {
		t.Errorf("Flag(a) gave %+v", got)
	}
	if got := l.Set("b", "v").Args[1]; got != (Arg{Name: "b", Value: "v"}) {
		t.Errorf("Set(b, v) on the flag b gave %+v", got)
	}
	if len(l.Args) != 3 || l.Args[0].Value != "1" {
		t.Errorf("Set changed the line it was called on: %+v", l.Args)
	}
}

func TestBuildDoesNotShare(t *testing.T) {
	base := NewLine("x").Set("a", "1").Set("b", "2")
	one := base.Set("c", "3")
	two := base.Set("d", "4")
	if v, ok := one.Get("c"); !ok || v != "3" || one.Has("d") {
		t.Errorf("a line built from the same base was changed: %+v", one)
	}
	if v, ok := two.Get("d"); !ok || v != "4" || two.Has("c") {
		t.Errorf("second line: %+v", two)
	}
	if len(base.Args) != 2 {
		t.Errorf("base changed: %+v", base)
	}
}

func TestGetHas(t *testing.T) {
	l, err := Parse("x a=1 b a=2 c=")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := l.Get("a"); !ok || v != "2" {
		t.Errorf(`Get("a") = %q, %v; want the last value "2"`, v, ok)
	}
	if v, ok := l.Get("c"); !ok || v != "" {
		t.Errorf(`Get("c") = %q, %v; want "", true`, v, ok)
	}
	if _, ok := l.Get("b"); ok {
		t.Error(`Get("b") found a value for a flag`)
	}
	if _, ok := l.Get("z"); ok {
		t.Error(`Get("z") found a missing argument`)
	}
	for name, want := range map[string]bool{"a": true, "b": true, "c": true, "z": false, "x": false} {
		if l.Has(name) != want {
			t.Errorf("Has(%q) = %v, want %v", name, !want, want)
		}
	}
}
