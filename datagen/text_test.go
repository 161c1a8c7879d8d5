// Tests of the text format's reader: records written and read back,
// truncated files, bad lines reported with their line numbers, lines of
// any length refused without growing memory.

package datagen

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// sampleRecords are records of a few positions with every outcome.
func sampleRecords(t testing.TB) []Record {
	t.Helper()
	var recs []Record
	for i, text := range []string{engine.StartText, "8/3w4/8/8/8/8/8/8 w", "B7/8/8/8/8/8/8/3ww3 b", "8/8/8/3b4/3w4/8/8/8 b"} {
		p, err := engine.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, Record{Position: p, Result: Outcome(i % 3), Score: search.Score(37*i - 50), Ply: UnknownPly})
	}
	return recs
}

// textFile is a text data file of recs in blocks of the given sizes, games
// 10, 11, …
func textFile(recs []Record, blocks ...int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d nodes=1 depth=0 random-plies=0 seed=1\n", textMagic, textVersion)
	first := 0
	for g, n := range blocks {
		fmt.Fprintf(&b, "%s%d %d\n", gameMarker, 10+g, n)
		for i := range recs[first : first+n] {
			b.WriteString(recs[first+i].String() + "\n")
		}
		first += n
	}
	return b.String()
}

func readAllText(text string) ([]Record, error) {
	r := newTextReader(strings.NewReader(text))
	var out []Record
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, rec)
	}
}

func TestTextRoundTrip(t *testing.T) {
	recs := sampleRecords(t)
	got, err := readAllText(textFile(recs, 3, 0, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(recs) {
		t.Fatalf("read %d records, wrote %d", len(got), len(recs))
	}
	games := []int{10, 10, 10, 12}
	for i := range recs {
		want := recs[i]
		want.Game = games[i]
		if got[i] != want {
			t.Errorf("record %d: read %+v, wrote %+v", i, got[i], want)
		}
	}
	if got[1].Target() != got[1].Result.For(got[1].Position.SideToMove()) {
		t.Errorf("target %v", got[1].Target())
	}
}

func TestOutcomeFor(t *testing.T) {
	for _, tc := range []struct {
		o            Outcome
		white, black float64
	}{{WhiteWins, 1, 0}, {BlackWins, 0, 1}, {Drawn, 0.5, 0.5}} {
		if tc.o.For(engine.White) != tc.white || tc.o.For(engine.Black) != tc.black {
			t.Errorf("%v: %v/%v", tc.o, tc.o.For(engine.White), tc.o.For(engine.Black))
		}
	}
}

// TestTextTruncated: a file cut anywhere inside a block or a line is an
// error wrapping ErrTruncated; cut at the end of a block it reads without
// error.
func TestTextTruncated(t *testing.T) {
	text := textFile(sampleRecords(t), 2, 2)
	lines := strings.SplitAfter(text, "\n")
	blockEnds := map[int]bool{}
	n := 0
	for i, l := range lines {
		n += len(l)
		if i == 0 || i == 3 || i == 6 { // the header, the end of each block
			blockEnds[n] = true
		}
	}
	for cut := len(lines[0]); cut <= len(text); cut++ {
		_, err := readAllText(text[:cut])
		var le *LineError
		switch {
		case blockEnds[cut] && err != nil:
			t.Errorf("cut at %d (a block's end): %v", cut, err)
		case !blockEnds[cut] && (!errors.Is(err, ErrTruncated) || !errors.As(err, &le)):
			t.Errorf("cut at %d: %v, want a truncation line error", cut, err)
		}
	}
}

func TestTextBadRecords(t *testing.T) {
	lines := strings.SplitAfter(textFile(sampleRecords(t), 2), "\n")
	for _, tc := range []struct {
		line    int // 1-based line to replace
		text    string
		errLine int
		want    string
	}{
		{1, "#dameo-datagen 2 x\n", 1, "format version"},
		{1, "hello\n", 1, "not a dameo datagen file"},
		{2, "#game x 2\n", 2, "whole numbers"},
		{2, "#game 1\n", 2, "want"},
		{2, engine.StartText + ";1-0;0\n", 2, "outside a game block"},
		{3, engine.StartText + ";1-0\n", 3, "want 3 fields"},
		{3, engine.StartText + ";2-0;0\n", 3, "result"},
		{3, engine.StartText + ";1-0;x\n", 3, "score"},
		{3, engine.StartText + ";1-0;10001\n", 3, "score"},
		{4, "bbbbbbbb/8 w;1-0;3\n", 4, "line 4"},
		{4, "#game 3 1\n", 4, "missing"},
		{3, strings.Repeat("w", maxLine) + "\n", 3, "longer than"},
	} {
		ls := append([]string(nil), lines...)
		ls[tc.line-1] = tc.text
		_, err := readAllText(strings.Join(ls, ""))
		var le *LineError
		if !errors.As(err, &le) || le.Line != tc.errLine || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("line %d as %q: error %v, want line %d with %q", tc.line, tc.text, err, tc.errLine, tc.want)
		}
	}
	if _, err := readAllText(""); err == nil {
		t.Errorf("an empty file reads without error")
	}
}

// endless is an io.Reader of a line that never ends, counting what is read.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.read += len(p)
	return len(p), nil
}

// TestTextLongLineFailsFast: a line without end (as /dev/zero gives) is
// refused after reading at most the reader's buffer, not kept in memory.
func TestTextLongLineFailsFast(t *testing.T) {
	for _, prefix := range []string{"", textFile(nil) + gameMarker + "1 1\n"} {
		src := &endless{}
		r := newTextReader(io.MultiReader(strings.NewReader(prefix), src))
		_, err := r.Next()
		if err == nil || !strings.Contains(err.Error(), "longer than") {
			t.Errorf("after %q: %v, want a line too long", prefix, err)
		}
		if src.read > 1<<17 {
			t.Errorf("after %q: read %d bytes of an endless line", prefix, src.read)
		}
	}
}

// FuzzTextReader: any input reads to the end or to an error, without a
// panic, and every record read writes back as it was read.
func FuzzTextReader(f *testing.F) {
	f.Add(textFile(sampleRecords(f), 2, 1))
	f.Add("#dameo-datagen 1 x\n#game 0 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		r := newTextReader(strings.NewReader(text))
		for range 1000 {
			rec, err := r.Next()
			if err != nil {
				return
			}
			again, err := parseRecord(rec.String())
			if err != nil || again.Position != rec.Position || again.Result != rec.Result || again.Score != rec.Score {
				t.Fatalf("record %q reads back as %+v, %v", rec.String(), again, err)
			}
		}
	})
}
