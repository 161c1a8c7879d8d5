// Tests of `dameo egtb`: output of each subcommand and errors on bad input.

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestEgtbProbeOutput(t *testing.T) {
	out, _, code := run(t, "egtb", "probe", "8/8/8/8/BB6/8/8/w7 w")
	want := "position: 8/8/8/8/BB6/8/8/w7 w\nvalue: loss in 2 plies (white to move)\na1-a2        loss in 2 plies\na1-b2        loss in 2 plies\n"
	if code != 0 || out != want {
		t.Errorf("status %d, output\n%s\nwant\n%s", code, out, want)
	}
	out, _, _ = run(t, "egtb", "probe", "8/8/8/8/BB6/8/8/w7 b")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 3 || lines[1] != "value: win in 3 plies (black to move)" || !strings.HasSuffix(lines[2], " win in 3 plies") || !strings.HasSuffix(lines[len(lines)-1], " win in 9 plies") {
		t.Errorf("moves not best first:\n%s", out)
	}
}

func TestEgtbBuildVerifyStats(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	out, errOut, code := run(t, "egtb", "build", "--pieces", "2", "--dir", dir, "--threads", "2")
	if code != 0 {
		t.Fatalf("build: status %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	line := regexp.MustCompile(`^\d{4} +\d+ slots +\d+ wins +\d+ draws +\d+ losses +longest win +\d+ +\d+\.\d\d s \(with \d{4}\)$`)
	if len(lines) != 5 || !strings.HasPrefix(lines[4], "4 tables of up to 2 pieces") {
		t.Fatalf("build output:\n%s", out)
	}
	for _, l := range lines[:4] {
		if !line.MatchString(l) {
			t.Errorf("build line %q", l)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.egtb"))
	if len(files) != 4 {
		t.Errorf("build wrote %v", files)
	}
	if out, errOut, code := run(t, "egtb", "verify", dir); code != 0 || !strings.Contains(out, ": ok: 4 tables") {
		t.Errorf("verify: status %d\n%s%s", code, out, errOut)
	}
	out, _, code = run(t, "egtb", "stats", "--dir", dir)
	if code != 0 || !strings.Contains(out, "\n0110 ") || !strings.Contains(out, "8/8/8/8/6b1/8/W7/8 w (win in 7)") {
		t.Errorf("stats: status %d\n%s", code, out)
	}
	if out, _, code := run(t, "egtb", "probe", "--dir", dir, "8/8/8/8/8/8/8/WB6 w"); code != 0 || !strings.Contains(out, "value: win in 1") {
		t.Errorf("probe --dir: status %d\n%s", code, out)
	}
	// A damaged table: verify fails with one line naming the file.
	bad := filepath.Join(dir, "0101.egtb")
	data, _ := os.ReadFile(bad)
	data[100] ^= 1
	os.WriteFile(bad, data, 0o644)
	if out, errOut, code := run(t, "egtb", "verify", dir); code == 0 || out != "" || !strings.Contains(errOut, "0101.egtb") || !strings.Contains(errOut, "checksum") {
		t.Errorf("verify of a damaged table: status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestEgtbBadInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	for _, args := range [][]string{
		{"egtb", "build", "--pieces", "1", "--dir", missing},
		{"egtb", "build", "--pieces", "6", "--dir", missing},
		{"egtb", "build", "--pieces", "3"},
		{"egtb", "build", "--pieces", "3", "--dir", missing, "--threads", "-1"},
		{"egtb", "probe", "8/8/8 w"},
		{"egtb", "probe"},
		{"egtb", "probe", "8/8/8/8/8/8/8/WWBB4 w"},
		{"egtb", "probe", "--dir", missing, "8/8/8/8/8/8/8/WB6 w"},
		{"egtb", "verify", missing},
		{"egtb", "stats", "--dir", missing},
	} {
		out, errOut, code := run(t, args...)
		if code != 2 {
			t.Errorf("%v: exit status %d, want 2", args, code)
		}
		if out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.HasPrefix(errOut, "dameo: ") {
			t.Errorf("%v: want one error line on stderr, got stdout %q stderr %q", args, out, errOut)
		}
	}
}
