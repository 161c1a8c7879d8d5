// Tests of engine specs: the key=value grammar, the plain command line,
// and the refusals.

package hubclient

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestParseSpec(t *testing.T) {
	self := []string{"/bin/dameo", "hub"}
	for _, c := range []struct {
		text string
		want Spec
	}{
		{`cmd="./dameo hub" name=fast dir=/tmp option.threads=2 option.book-file="my book"`,
			Spec{Name: "fast", Command: []string{"./dameo", "hub"}, Dir: "/tmp",
				Options: []Param{{Name: "threads", Value: "2"}, {Name: "book-file", Value: "my book"}}}},
		{`./dameo hub`, Spec{Name: "dameo", Command: []string{"./dameo", "hub"}}},
		{`'/opt/my engine/run' hub --fast`, Spec{Name: "run", Command: []string{"/opt/my engine/run", "hub", "--fast"}}},
		{`cmd=./e arg="a b" args="c d"`, Spec{Name: "e", Command: []string{"./e", "a b", "c", "d"}}},
		{`option.hash=16`, Spec{Name: "dameo", Command: self, Options: []Param{{Name: "hash", Value: "16"}}}},
		{``, Spec{Name: "dameo", Command: self}},
	} {
		got, err := ParseSpec(c.text, self)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseSpec(%q) = %+v, %v; want %+v", c.text, got, err, c.want)
		}
	}
}

func TestParseSpecRefuses(t *testing.T) {
	for text, want := range map[string]string{
		`cmd=a cmd=b`:         "twice",
		`arg=x cmd=a`:         "needs a cmd=",
		`cmd=a tc=10`:         `unknown key "tc"`,
		`cmd=a name=`:         "empty name",
		`cmd=""`:              "empty cmd",
		`cmd="a`:              "unterminated",
		`cmd=a option.=1`:     "bad option name",
		"cmd=a name=\"x\ty\"": "control character",
		`cmd=a junk`:          "not key=value",
	} {
		_, err := ParseSpec(text, nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSpec(%q): error %v, want one saying %q", text, err, want)
		}
	}
	if _, err := ParseSpec("name=x", nil); err == nil || !strings.Contains(err.Error(), "cmd= is required") {
		t.Errorf("a spec without a command and no default: %v", err)
	}
}

func TestSpecFound(t *testing.T) {
	onPath := "sh"
	if runtime.GOOS == "windows" {
		onPath = "cmd"
	}
	if err := (Spec{Name: onPath, Command: []string{onPath}}).Found(); err != nil {
		t.Errorf("%s is not found in the PATH: %v", onPath, err)
	}
	for _, s := range []Spec{
		{Name: "x", Command: []string{"no-such-engine-anywhere"}},
		{Name: "x", Command: []string{"./no-such-engine"}, Dir: t.TempDir()},
	} {
		if err := s.Found(); err == nil || !strings.Contains(err.Error(), "cannot run") {
			t.Errorf("%v: %v, want cannot run", s.Command, err)
		}
	}
}

// FuzzParseSpec: any text gives a spec or an error, never a panic, and a
// spec's options can always be sent.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{`cmd="./dameo hub" name=x option.threads=2`, `./dameo hub`, `'a b' c`, `arg=1`, `cmd=a args="b 'c d'"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSpec(text, []string{"dameo", "hub"})
		if err != nil {
			return
		}
		if len(s.Command) == 0 {
			t.Fatalf("%q: spec %+v without a command", text, s)
		}
		for _, o := range s.Options {
			if err := o.Check(); err != nil {
				t.Fatalf("%q: option %v accepted but %v", text, o, err)
			}
		}
	})
}
