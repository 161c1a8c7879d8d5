// Fuzz target for the PDN reader: any input is either rejected with a
// SyntaxError or read into games that write and read back unchanged.

package pdn

import (
	"reflect"
	"strings"
	"testing"
)

func FuzzRead(f *testing.F) {
	f.Add("[Event \"x\"]\n[Result \"1-0\"]\n\n1. d3-d4 e6-e5 {c} 2. d4xd6xf6 1-0\n")
	f.Add("[FEN \"8/8/8/3b4/3w4/8/8/8 b\"]\n1... d5xd3 *\n")
	f.Add("% x\n1.d3-d4!? (1. c3-c4) $2 ; y\n1-1")
	f.Add("{a} 1. d3-d4 {b} (1. c3-c4 {c} (1. e3-e4) f6-f5 ({d} 1... e6-e5)) e6-e5 *")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Parse(text)
		if err != nil {
			if !IsSyntaxError(err) {
				t.Fatalf("error %v is not a SyntaxError", err)
			}
			return
		}
		var b strings.Builder
		for _, g := range games {
			if err := Write(&b, g); err != nil {
				if strings.Contains(err.Error(), "'}'") {
					return // a ';' comment may hold '}', which '{}' cannot
				}
				t.Fatalf("cannot write a game that was read: %v", err)
			}
		}
		again, err := Parse(b.String())
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, b.String())
		}
		if len(again) != len(games) {
			t.Fatalf("read back %d games, want %d", len(again), len(games))
		}
		for i := range games {
			a, g := again[i], games[i]
			if a.Result != g.Result || a.Comment != g.Comment || !reflect.DeepEqual(a.Moves, g.Moves) {
				t.Fatalf("game %d changed (moves, comments or variations):\n%+v\n%+v", i, g, a)
			}
			for _, tag := range g.Tags {
				if tag.Name != TagResult && a.Tag(tag.Name) != tag.Value {
					t.Fatalf("game %d tag %s = %q, want %q", i, tag.Name, a.Tag(tag.Name), tag.Value)
				}
			}
		}
	})
}

func FuzzSafeText(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(checkSafeRoundTrip)
}
