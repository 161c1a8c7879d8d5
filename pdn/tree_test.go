// Tests of variations: read and written back unchanged, nested and with
// comments; malformed or too deep ones refused with their line; their
// moves counted against the reader's bound.

package pdn

import (
	"reflect"
	"strings"
	"testing"
)

func TestVariationsRoundTrip(t *testing.T) {
	text := "[Event \"x\"]\n[Result \"*\"]\n\n{before} 1. d3-d4 {main} (1. c3-c4 {alt} f6-f5 (1... e6-e5 2. c4-c5)\n" +
		"2. d3-d4) ({second} 1. e3-e4) e6-e5 2. d4-d5 (2. c3-c4) *\n"
	games, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	want := []Move{
		{Text: "d3-d4", Comment: "main", Variations: []Variation{
			{Moves: []Move{{Text: "c3-c4", Comment: "alt"}, {Text: "f6-f5", Variations: []Variation{
				{Moves: []Move{{Text: "e6-e5"}, {Text: "c4-c5"}}}}}, {Text: "d3-d4"}}},
			{Comment: "second", Moves: []Move{{Text: "e3-e4"}}},
		}},
		{Text: "e6-e5"},
		{Text: "d4-d5", Variations: []Variation{{Moves: []Move{{Text: "c3-c4"}}}}},
	}
	if g.Comment != "before" || !reflect.DeepEqual(g.Moves, want) {
		t.Fatalf("read %q %+v\nwant %+v", g.Comment, g.Moves, want)
	}
	if got := g.MoveTexts(); !reflect.DeepEqual(got, []string{"d3-d4", "e6-e5", "d4-d5"}) {
		t.Errorf("main line %v", got)
	}
	out, err := Format(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"(1. c3-c4 {alt} 1... f6-f5 (1... e6-e5 2. c4-c5) 2. d3-d4)", "({second} 1. e3-e4)", "1... e6-e5 2. d4-d5 (2. c3-c4) *"} {
		if !strings.Contains(strings.ReplaceAll(out, "\n", " "), part) {
			t.Errorf("written text lacks %q:\n%s", part, out)
		}
	}
	again, err := Parse(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !reflect.DeepEqual(again[0].Moves, g.Moves) || again[0].Comment != g.Comment {
		t.Errorf("read back %+v\nwant %+v", again[0].Moves, g.Moves)
	}
	safe := g.Safe()
	if !reflect.DeepEqual(safe.Moves, g.Moves) {
		t.Errorf("Safe changed safe variations: %+v", safe.Moves)
	}
}

func TestVariationErrors(t *testing.T) {
	deep := "1. d3-d4 " + strings.Repeat("(1. c3-c4 ", MaxVariationNesting+1) + strings.Repeat(")", MaxVariationNesting+1) + " *"
	for _, c := range []struct {
		text string
		line int
		msg  string
	}{
		{"1. d3-d4 () *", 1, "empty variation"},
		{"\n( 1. d3-d4 ) *", 2, "before any move"},
		{"1. d3-d4 (1. c3-c4 1-0) *", 1, "inside a variation"},
		{"1. d3-d4 (1. c3-c4 zz) *", 1, "bad move"},
		{deep, 1, "nested more than"},
	} {
		_, err := Parse(c.text)
		se, ok := err.(*SyntaxError)
		if !ok || se.Line != c.line || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%.60q: error %v, want line %d with %q", c.text, err, c.line, c.msg)
		}
	}
	g := &Game{Moves: []Move{{Text: "d3-d4", Variations: []Variation{{Comment: "a}b", Moves: []Move{{Text: "c3-c4"}}}}}}}
	if _, err := Format(g); err == nil || !strings.Contains(err.Error(), "'}'") {
		t.Errorf("a '}' in a variation's comment: error %v", err)
	}
	g = &Game{Moves: []Move{{Text: "d3-d4", Variations: []Variation{{}}}}}
	if _, err := Format(g); err == nil || !strings.Contains(err.Error(), "empty variation") {
		t.Errorf("an empty variation: error %v", err)
	}
	if s := g.Safe(); len(s.Moves[0].Variations) != 1 {
		t.Errorf("Safe dropped a variation")
	}
}

func TestVariationMovesCountAgainstTheBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("1. d3-d4 (")
	for range MaxMoves {
		b.WriteString("c3-c4 ")
	}
	b.WriteString(") *")
	_, err := Parse(b.String())
	if se, ok := err.(*SyntaxError); !ok || !strings.Contains(se.Msg, "more than") {
		t.Errorf("%d moves in a variation: error %v, want the bound", MaxMoves+1, err)
	}
}

func TestCollapsedIsWhatFieldsLeaveUnchanged(t *testing.T) {
	for _, s := range []string{"", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u2028b", "+0.12/14 0.512s", "é", "\r"} {
		same := strings.Join(strings.Fields(s), " ") == s
		if collapsed(s) && !same {
			t.Errorf("collapsed(%q) but Fields changes it", s)
		}
		if !collapsed(s) && same && isASCII(s) {
			t.Errorf("collapsed(%q) = false for ASCII text Fields leaves as it is", s)
		}
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
