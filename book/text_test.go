// Tests of the text form: export, import and errors with line numbers.

package book

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
)

func TestTextRoundTrip(t *testing.T) {
	b := smallBook(t)
	var sb strings.Builder
	if err := b.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	text := sb.String()
	if !strings.Contains(text, "\n"+engine.StartText+"; ") {
		t.Errorf("text form lacks the start position line:\n%s", text)
	}
	got, err := ReadText(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if got.Info != b.Info || !reflect.DeepEqual(got.entries, b.entries) {
		t.Fatalf("imported book differs from the exported one:\n%s", text)
	}
}

func TestReadTextErrors(t *testing.T) {
	start := engine.StartText
	cases := map[string]string{
		"bbbbbbbb/1bbbbbb1 w; c3-c4 1 0":                "line 2: bad position",
		start:                                           "line 2: no moves",
		start + "; c3-c4 1":                             "line 2: bad move entry",
		start + "; c6-c5 1 0":                           "line 2: move \"c6-c5\"",
		start + "; c3-c4 -1 0":                          "line 2: move c3-c4: bad weight",
		start + "; c3-c4 1 40000":                       "line 2: move c3-c4: bad score",
		start + "; c3-c4 1 0; c3-c4 2 0":                "listed twice",
		start + "; c3-c4 1 0\n" + start + "; d3-d4 1 0": "listed twice",
	}
	for line, want := range cases {
		_, err := ReadText(strings.NewReader("# comment\n" + line + "\n"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one containing %q", line, err, want)
		}
	}
}

func FuzzReadText(f *testing.F) {
	var sb strings.Builder
	if err := smallBook(f).WriteText(&sb); err != nil {
		f.Fatal(err)
	}
	f.Add(sb.String())
	f.Add("info: x\n" + engine.StartText + "; c3-c4 1 0; d3xd5 2 -3\n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ReadText(strings.NewReader(text))
		if err != nil {
			return
		}
		var out strings.Builder
		if err := b.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		again, err := ReadText(strings.NewReader(out.String()))
		if err != nil || !reflect.DeepEqual(again.entries, b.entries) {
			t.Fatalf("an imported book does not survive export and import: %v\n%s", err, out.String())
		}
	})
}
