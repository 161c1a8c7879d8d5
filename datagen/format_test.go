// Tests of the data file format: records written and read back, truncated
// files, and bad lines reported with their line numbers.

package datagen

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// sampleRecords are records of a few positions with every outcome.
func sampleRecords(t *testing.T) []Record {
	t.Helper()
	var recs []Record
	for i, text := range []string{engine.StartText, "8/3w4/8/8/8/8/8/8 w", "B7/8/8/8/8/8/8/3ww3 b", "8/8/8/3b4/3w4/8/8/8 b"} {
		p, err := engine.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, Record{Position: p, Result: Outcome(i % 3), Score: search.Score(37*i - 50)})
	}
	return recs
}

func writeFile(recs []Record, blocks ...int) string {
	var b strings.Builder
	_ = WriteHeader(&b, "nodes=1 depth=0 random-plies=0 seed=1")
	var buf []byte
	first := 0
	for g, n := range blocks {
		buf = AppendGame(buf[:0], 10+g, recs[first:first+n])
		b.Write(buf)
		first += n
	}
	return b.String()
}

func readAll(text string) ([]Record, error) {
	r := NewReader(strings.NewReader(text))
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

func TestRoundTrip(t *testing.T) {
	recs := sampleRecords(t)
	text := writeFile(recs, 3, 0, 1)
	got, err := readAll(text)
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

// TestTruncated: a file cut anywhere inside a block or a line is an error
// wrapping ErrTruncated; cut at the end of a block it reads without error,
// and CompleteOffset always marks the end of the last whole block.
func TestTruncated(t *testing.T) {
	recs := sampleRecords(t)
	text := writeFile(recs, 2, 2)
	headerEnd := strings.Index(text, "\n") + 1
	blockEnds := map[int]bool{headerEnd: true}
	firstBlockEnd := 0
	for i, lines := 0, 0; i < len(text); i++ {
		if text[i] == '\n' {
			lines++
			if lines == 4 { // header, marker, 2 positions
				firstBlockEnd = i + 1
			}
		}
	}
	blockEnds[firstBlockEnd], blockEnds[len(text)] = true, true
	for cut := headerEnd; cut <= len(text); cut++ {
		r := NewReader(strings.NewReader(text[:cut]))
		var err error
		for err == nil {
			_, err = r.Next()
		}
		if blockEnds[cut] {
			if err != io.EOF {
				t.Errorf("cut at %d (a block's end): %v", cut, err)
			}
		} else {
			var le *LineError
			if !errors.Is(err, ErrTruncated) || !errors.As(err, &le) {
				t.Errorf("cut at %d: %v, want a truncation line error", cut, err)
			}
		}
		want := int64(headerEnd)
		if cut >= firstBlockEnd {
			want = int64(firstBlockEnd)
		}
		if cut == len(text) {
			want = int64(cut)
		}
		if r.CompleteOffset() != want {
			t.Errorf("cut at %d: complete offset %d, want %d", cut, r.CompleteOffset(), want)
		}
	}
}

func TestBadRecords(t *testing.T) {
	good := writeFile(sampleRecords(t), 2)
	lines := strings.SplitAfter(good, "\n")
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
	} {
		ls := append([]string(nil), lines...)
		ls[tc.line-1] = tc.text
		_, err := readAll(strings.Join(ls, ""))
		var le *LineError
		if !errors.As(err, &le) || le.Line != tc.errLine || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("line %d as %q: error %v, want line %d with %q", tc.line, tc.text, err, tc.errLine, tc.want)
		}
	}
	if _, err := readAll(""); err == nil {
		t.Errorf("an empty file reads without error")
	}
}

// FuzzReader: any input reads to the end or to an error, without a panic,
// and every record read writes back as it was read.
func FuzzReader(f *testing.F) {
	f.Add(writeFile(sampleRecordsForFuzz(), 2, 1))
	f.Add("#dameo-datagen 1 x\n#game 0 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		r := NewReader(strings.NewReader(text))
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

func sampleRecordsForFuzz() []Record {
	p := engine.StartPosition()
	return []Record{{Position: p, Result: WhiteWins, Score: 5}, {Position: p, Result: Drawn}, {Position: p, Result: BlackWins, Score: -9}}
}
