// Tests of the conversion of text data files: the same records, a cut-off
// last game left out, a game twice refused.

package datagen

import (
	"bytes"
	"strings"
	"testing"
)

func TestConvert(t *testing.T) {
	recs := sampleRecords(t)
	text := textFile(recs, 3, 0, 1)
	var out bytes.Buffer
	stats, err := Convert(&out, strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if stats != (ConvertStats{Games: 2, Positions: 4}) {
		t.Errorf("stats %+v", stats)
	}
	want, err := readAllText(text)
	if err != nil {
		t.Fatal(err)
	}
	got, r, err := readAll(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := r.Settings(); s != "nodes=1 depth=0 random-plies=0 seed=1" {
		t.Errorf("settings %q", s)
	}
	if len(got) != len(want) {
		t.Fatalf("%d records converted, %d in the text", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d: %+v, text %+v", i, got[i], want[i])
		}
	}

	// A file cut inside its last game (still being written): that game is
	// left out.
	out.Reset()
	stats, err = Convert(&out, strings.NewReader(text[:len(text)-5]))
	if err != nil || stats != (ConvertStats{Games: 1, Positions: 3, Dropped: 0}) {
		t.Errorf("cut file: %+v, %v", stats, err)
	}
	two := textFile(recs, 1, 3)
	stats, err = Convert(&out, strings.NewReader(two[:len(two)-5]))
	if err != nil || stats != (ConvertStats{Games: 1, Positions: 1, Dropped: 2}) {
		t.Errorf("a game cut after 2 of 3 records: %+v, %v", stats, err)
	}
}

func TestConvertRefusesDuplicates(t *testing.T) {
	recs := sampleRecords(t)
	text := textFile(recs, 2)
	text += strings.SplitAfterN(text, "\n", 2)[1] // game 10 again
	_, err := Convert(&bytes.Buffer{}, strings.NewReader(text))
	if err == nil || !strings.Contains(err.Error(), "game 10 appears twice") {
		t.Errorf("a game twice: %v", err)
	}
	if _, err := Convert(&bytes.Buffer{}, strings.NewReader("nothing\n")); err == nil {
		t.Errorf("not a data file: no error")
	}
}
