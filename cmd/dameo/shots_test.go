package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/pdn"
)

// swingPDN writes a match-like PDN game (the first legal move each time,
// commented score/depth time) whose scores swing: White falls by 3.5 men
// at its second move, Black rises by 3.1 over its second and third.
func swingPDN(t *testing.T, path string) {
	t.Helper()
	g := engine.NewGame(engine.StartPosition())
	rec := &pdn.Game{Result: pdn.Unfinished}
	rec.SetTag(pdn.TagGameType, pdn.GameTypeDameo)
	for _, s := range []float64{0.1, -0.1, 2.5, -0.3, -1.0, 3.0, -0.8, 3.1} {
		p := g.Position()
		m := p.LegalMoves()[0]
		rec.AddMove(p.FormatMove(m), fmt.Sprintf("%+.2f/9 0.100s", s))
		g.Play(m)
	}
	text, err := pdn.Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestShotsMineThenRun(t *testing.T) {
	dir := t.TempDir()
	games, suite := filepath.Join(dir, "games.pdn"), filepath.Join(dir, "suite.txt")
	swingPDN(t, games)
	out, errOut, code := run(t, "shots", "mine", games, "-o", suite, "--nodes", "4000", "--score-nodes", "500", "--hash", "1")
	if code != 0 || !strings.Contains(out, "games.pdn: 1 games, 2 entries") {
		t.Fatalf("shots mine: status %d, stdout %q, stderr %q", code, out, errOut)
	}
	text, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(text), "# dameo shot suite") || strings.Count(string(text), "; bm ") != 2 || strings.Count(string(text), "; am ") != 1 {
		t.Fatalf("suite:\n%s", text)
	}
	// At the nodes that named the moves, the same search solves them all.
	out, errOut, code = run(t, "shots", "run", suite, "--nodes", "4000", "--hash", "1")
	if code != 0 || !strings.HasSuffix(out, "solved=2 of 2 (100.0%) avoided=1 of 1 (100.0%) nodes=4000\n") || strings.Count(out, "solved played=") != 2 {
		t.Fatalf("shots run: status %d, stdout %q, stderr %q", code, out, errOut)
	}
	// Another evaluation: the hand-set terms' weights file.
	weights := filepath.Join(dir, "hand.bin")
	f, err := os.Create(weights)
	if err != nil {
		t.Fatal(err)
	}
	if err := eval.Write(f, eval.HandWeights(), "hand-set terms"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, errOut, code = run(t, "shots", "run", suite, "--nodes", "4000", "--hash", "1", "--eval", weights)
	if code != 0 || !regexp.MustCompile(`(?m)^solved=\d of 2 \(\d+\.\d%\) avoided=\d of 1 \(\d+\.\d%\) nodes=4000$`).MatchString(out) {
		t.Fatalf("shots run --eval: status %d, stdout %q, stderr %q", code, out, errOut)
	}
	out, _, _ = run(t, "shots", "run", suite, "--nodes", "1")
	if !regexp.MustCompile(`(?m)^solved=\d of 2 \(\d+\.\d%\) avoided=\d of 1 \(\d+\.\d%\) nodes=1$`).MatchString(out) {
		t.Fatalf("shots run --nodes 1: %q", out)
	}
}

func TestShotsBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte(engine.StartText+"; bm a1-a8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	illegal := filepath.Join(dir, "illegal.pdn")
	if err := os.WriteFile(illegal, []byte("[GameType \"Dameo\"]\n\n1. c3-c4 a1-a8 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"shots", "run", bad},
		{"shots", "run", filepath.Join(dir, "missing.txt")},
		{"shots", "run", bad, "--eval", filepath.Join(dir, "missing.bin")},
		{"shots", "mine", illegal, "-o", filepath.Join(dir, "out.txt")},
		{"shots", "mine", filepath.Join(dir, "missing.pdn"), "-o", filepath.Join(dir, "out.txt")},
		{"shots", "mine", illegal, "-o", filepath.Join(dir, "out.txt"), "--swing", "0"},
	} {
		expectBadInput(t, args...)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.txt")); err == nil {
		t.Error("a failed shots mine wrote its output")
	}
	_, errOut, _ := run(t, "shots", "run", bad, "--eval", filepath.Join(dir, "missing.bin"))
	if !strings.Contains(errOut, "--eval: ") || !strings.Contains(errOut, "missing.bin") {
		t.Errorf("stderr %q does not name the missing weights file", errOut)
	}
	_, errOut, _ = run(t, "shots", "run", bad)
	if !strings.Contains(errOut, "suite line 1: bm \"a1-a8\"") {
		t.Errorf("stderr %q does not name the bad line", errOut)
	}
}
