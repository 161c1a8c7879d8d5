// The weights file of the last wave's evaluation (testdata/f32fc96.bin.gz,
// used to measure the search alone; docs/elo.md): loaded by today's
// evaluation, it scores positions exactly as f32fc96's evaluation did.

package eval

import (
	"bufio"
	"compress/gzip"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
)

func TestBaselineWeightsScoreAsF32fc96(t *testing.T) {
	f, err := os.Open("testdata/f32fc96.bin.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	w, _, err := Read(z)
	if err != nil {
		t.Fatal(err)
	}
	e := mustEvaluator(w)

	scores, err := os.Open("testdata/f32fc96-scores.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer scores.Close()
	sc := bufio.NewScanner(scores)
	n, differ := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		score, text, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("line %q: no tab", line)
		}
		want, err := strconv.Atoi(score)
		if err != nil {
			t.Fatal(err)
		}
		p, err := engine.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Evaluate(&p); got != int32(want) {
			t.Errorf("%s: %d, f32fc96 scored %d", text, got, want)
		}
		if Default().Evaluate(&p) != int32(want) {
			differ++
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	// The positions must tell evaluations apart: today's weights score
	// nearly all of them otherwise.
	if n < 400 || differ < n*9/10 {
		t.Errorf("%d positions, today's weights differ on %d: the sample does not test the file", n, differ)
	}
}
