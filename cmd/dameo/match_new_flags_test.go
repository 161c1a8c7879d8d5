package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchTablebaseAdjudication: with -tbpieces alone the built-in tables
// of up to 3 pieces end a game of 3 pieces at once with their result.
func TestMatchTablebaseAdjudication(t *testing.T) {
	openings := filepath.Join(t.TempDir(), "tb.txt")
	// White to move wins: its king takes the black king next to it.
	if err := os.WriteFile(openings, []byte("7b/8/8/8/3WB3/8/8/8 w\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errText, code := run(t, "match", "-engine", "name=a", "-engine", "name=b", "-each", "depth=1", "-games", "2",
		"-tbpieces", "3", "--openings", openings, "--seed", "1", "--output-format", "cutechess")
	if code != 0 {
		t.Fatalf("status %d: %s\n%s", code, errText, out)
	}
	if n := strings.Count(out, ": 1-0 {tablebase: white wins (3 pieces)}"); n != 2 {
		t.Errorf("%d games adjudicated by the tables, want 2:\n%s", n, out)
	}
	if strings.Contains(out, "=== Match summary") || !strings.Contains(out, "Score of a vs b: 1 - 1 - 0") {
		t.Errorf("not cutechess-cli's summary:\n%s", out)
	}
	for _, args := range [][]string{
		{"--egtb-pieces", "4"},
		{"--egtb-pieces", "-1"},
		{"--egtb", filepath.Join(t.TempDir(), "missing")},
		{"--wait", "-1"},
		{"--report", "trinomial"},
		{"--output-format", "pgn"},
	} {
		_, errText, code := run(t, append([]string{"match", "-e", "name=a", "-e", "name=b", "--depth", "1"}, args...)...)
		if code != 2 || errText == "" {
			t.Errorf("%q: status %d %q, want 2 and a message", args, code, errText)
		}
	}
}

// TestMatchResume: --resume continues the match of a PDN file with the
// seed it holds, and refuses one made with other settings (status 2).
func TestMatchResume(t *testing.T) {
	pdnPath := filepath.Join(t.TempDir(), "games.pdn")
	args := []string{"match", "-e", "name=a", "-e", "name=b", "--depth", "1", "--games", "4", "--pdn", pdnPath, "--rating-interval", "0"}
	if out, errText, code := run(t, args...); code != 0 {
		t.Fatalf("status %d: %s\n%s", code, errText, out)
	}
	whole, err := os.ReadFile(pdnPath)
	if err != nil {
		t.Fatal(err)
	}
	// Keep the first game pair: the records start with [Event.
	third := strings.Index(string(whole), "[Event ")
	for i := 0; i < 2; i++ {
		third += 1 + strings.Index(string(whole[third+1:]), "[Event ")
	}
	if err := os.WriteFile(pdnPath, whole[:third], 0o644); err != nil {
		t.Fatal(err)
	}
	out, errText, code := run(t, append(args, "--resume")...)
	if code != 0 || !strings.Contains(out, "Resuming "+pdnPath+": 2 games done, 2 to play") || strings.Count(out, "Started game") != 2 {
		t.Fatalf("status %d: %s\n%s", code, errText, out)
	}
	if _, notes, code := run(t, "match", "report", pdnPath); code != 0 || !strings.Contains(notes, ": 4 of the match's 4 games") {
		t.Errorf("report of the resumed file: status %d, %q", code, notes)
	}
	_, errText, code = run(t, "match", "-e", "name=a", "-e", "name=b", "--depth", "2", "--games", "4", "--pdn", pdnPath, "--resume")
	if code != 2 || !strings.Contains(errText, "another match") {
		t.Errorf("resume with another depth: status %d, %q", code, errText)
	}
}

// TestMatchReportRefusals: what the report refuses is bad input (status
// 2): a device (/dev/zero was once read without end) and a missing file.
func TestMatchReportRefusals(t *testing.T) {
	for _, path := range []string{"/dev/zero", filepath.Join(t.TempDir(), "missing.pdn")} {
		_, errText, code := run(t, "match", "report", path)
		if code != 2 || !strings.HasPrefix(errText, "dameo: ") {
			t.Errorf("%s: status %d, %q; want 2", path, code, errText)
		}
	}
}

// TestMatchTwiceIntoOnePDN: the very same match again into its PDN file
// is refused with status 2 and the file left as it was; another match
// (another seed) is appended, and match report reports both, or one with
// --match (issue 36: the report refused the file).
func TestMatchTwiceIntoOnePDN(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.pdn")
	args := func(seed string) []string {
		return []string{"match", "-e", "name=a", "-e", "name=b", "--depth", "1", "--games", "2", "--max-plies", "20", "--seed", seed, "--pdn", games}
	}
	if _, errText, code := run(t, args("1")...); code != 0 {
		t.Fatalf("first match: status %d: %s", code, errText)
	}
	before, _ := os.ReadFile(games)
	if _, errText, code := run(t, args("1")...); code != 2 || !strings.Contains(errText, "holds games of this very match already") || !strings.Contains(errText, "--resume") {
		t.Errorf("the same match again: status %d: %s", code, errText)
	}
	if after, _ := os.ReadFile(games); string(after) != string(before) {
		t.Errorf("the refused match changed the file")
	}
	if _, errText, code := run(t, args("2")...); code != 0 {
		t.Fatalf("another match into the same file: status %d: %s", code, errText)
	}
	out, errText, code := run(t, "match", "report", games)
	if code != 0 || strings.Count(out, "=== Match summary: 2 of 2 games") != 2 || !strings.Contains(out, "##### Match 2 of 2: id ") {
		t.Fatalf("report of two matches: status %d: %s\n%s", code, errText, out)
	}
	id := strings.Fields(out[strings.Index(out, "##### Match 2 of 2: id ")+len("##### Match 2 of 2: id "):])[0]
	id = strings.TrimSuffix(id, ",")
	if out, errText, code := run(t, "match", "report", "--match", id, games); code != 0 || strings.Count(out, "=== Match summary") != 1 || strings.Contains(out, "#####") {
		t.Errorf("report --match %s: status %d: %s\n%s", id, code, errText, out)
	}
}
