// Fuzz targets: Parse never panics, and a line it accepts formats to one
// line without control characters that parses back to the same line;
// SafeValue makes any text a value that survives that round trip.

package hub

import (
	"reflect"
	"testing"
)

// seedLines are real lines of both sides of the protocol.
var seedLines = []string{
	"hub", "init", "ping", "stop", "ponder-hit", "new-game", "moves", "go think", "go ponder", "go analyze",
	"set-param name=threads value=2", `set-param name=book-file value="x y"`,
	`pos fen="bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww w"`,
	`pos pos=Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww moves="c3-c4 c6-c5 c4xc6"`,
	"level moves=40 time=1 inc=0.1", "level infinite",
	"id name=dameo version=1 author=x country=y", "param name=hash value=64 type=int min=1 max=65536",
	`info depth=3 seldepth=7 score=-0.25 nodes=1200 time=0.010 nps=0.12 hashfull=0 pv="a3-b4 b6-a5"`,
	"done move=d4xd6xf6 ponder=e7-e6", `error message="bad position: x"`, `moves list="" result=loss`,
	`x a="b=c d" e= f`, "x a=\"unclosed", "\r", "x a=b\x00", "x\ta=\"\t\"",
}

func FuzzParse(f *testing.F) {
	for _, s := range seedLines {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := Parse(s)
		if err != nil {
			return
		}
		if l.Command == "" {
			if len(l.Args) != 0 {
				t.Fatalf("%q parses to arguments without a command: %+v", s, l)
			}
			return
		}
		out, err := l.Format()
		if err != nil {
			t.Fatalf("%q parses as %+v, which Format refuses: %v", s, l, err)
		}
		for i := 0; i < len(out); i++ {
			if isControl(out[i]) {
				t.Fatalf("%q formats as %q, with a control character", s, out)
			}
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("%q formats as %q, which does not parse: %v", s, out, err)
		}
		if !reflect.DeepEqual(back, l) {
			t.Fatalf("%q parses as %+v, formats as %q, parses back as %+v", s, l, out, back)
		}
	})
}

func FuzzSafeValue(f *testing.F) {
	for _, s := range []string{"", "plain", `a "quoted" word`, "nul\x00 lf\n", "\xff\xfe", "\u2028", "tab\tx=y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := SafeValue(s)
		text, err := NewLine("error").Set("message", v).Format()
		if err != nil {
			t.Fatalf("SafeValue(%q) = %q, which Format refuses: %v", s, v, err)
		}
		l, err := Parse(text)
		if got, _ := l.Get("message"); err != nil || got != v {
			t.Fatalf("SafeValue(%q) = %q formats as %q, which parses back as %q, %v", s, v, text, got, err)
		}
	})
}
