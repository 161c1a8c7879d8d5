// Tests of `dameo egtb`: output of each subcommand and errors on bad input.

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/gen"
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
		{"egtb", "build", "--pieces", "7", "--dir", missing},
		{"egtb", "build", "--pieces", "3", "--dir", missing, "--threads", "-1"},
		{"egtb", "build", "--pieces", "3", "--dir", missing, "--memory", "0"},
		{"egtb", "verify", "--egtb", missing, missing + "2"},
		{"egtb", "build", "--pieces", "3", "--egtb", missing, "--table", "0202"},
		{"egtb", "build", "--pieces", "3", "--egtb", missing, "--table", "0x11"},
		{"egtb", "plan", "--pieces", "7"},
		{"egtb", "probe", "8/8/8 w"},
		{"egtb", "probe"},
		{"egtb", "probe", "8/8/8/8/8/8/8/WWBB4 w"},
		{"egtb", "probe", "--dir", missing, "8/8/8/8/8/8/8/WB6 w"},
		{"egtb", "verify", missing},
		{"egtb", "verify", "--egtb", missing},
		{"egtb", "stats", "--dir", missing},
	} {
		expectBadInput(t, args...)
	}
}

// TestEgtbBuildDefaultDirResumeAndTable: build writes into the data
// directory by default, where verify and the search find the tables;
// --resume keeps finished tables and builds a damaged one again; --table
// builds one table (and its swap) from the tables it needs, identical to
// the embedded one.
func TestEgtbBuildDefaultDirResumeAndTable(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_DATA_HOME", home)
	dir := filepath.Join(home, "dameo", "egtb")
	if _, errOut, code := run(t, "egtb", "build", "--pieces", "2", "--threads", "1"); code != 0 {
		t.Fatalf("build into the data directory: status %d: %s", code, errOut)
	}
	if out, errOut, code := run(t, "egtb", "verify"); code != 0 || !strings.Contains(out, dir+": ok: 4 tables") {
		t.Fatalf("verify of the data directory: status %d\n%s%s", code, out, errOut)
	}
	damaged := filepath.Join(dir, "0110.egtb")
	data, _ := os.ReadFile(damaged)
	data[70] ^= 1
	os.WriteFile(damaged, data, 0o644)
	out, errOut, code := run(t, "egtb", "build", "--pieces", "3", "--resume", "--threads", "1")
	if code != 0 {
		t.Fatalf("build --resume: status %d: %s", code, errOut)
	}
	for _, want := range []string{"0101 ", "1010 "} {
		if !regexp.MustCompile(`(?m)^` + want + `.* kept +\(with`).MatchString(out) {
			t.Errorf("build --resume did not keep %s:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "0110.egtb: bad checksum") || !strings.Contains(errOut, "building it again") || strings.Contains(out, "0110  kept") {
		t.Errorf("build --resume with a damaged 0110: stdout\n%s\nstderr\n%s", out, errOut)
	}
	for _, tab := range egtb.Embedded().All() {
		data, err := os.ReadFile(filepath.Join(dir, tab.Material().FileName()))
		if err != nil || !bytes.Equal(data, mustEncode(t, tab)) {
			t.Errorf("table %v in the data directory differs from the embedded one (%v)", tab.Material(), err)
		}
	}

	one := t.TempDir()
	if _, errOut, code := run(t, "egtb", "build", "--pieces", "3", "--egtb", one, "--table", "0111"); code == 0 || !strings.Contains(errOut, "not built") {
		t.Errorf("--table without the tables it needs: status %d: %s", code, errOut)
	}
	for _, s := range []string{"0101", "0110", "0102", "0201", "0120", "0210", "1001", "1010"} {
		data, _ := os.ReadFile(filepath.Join(dir, s+".egtb"))
		os.WriteFile(filepath.Join(one, s+".egtb"), data, 0o644)
	}
	if out, errOut, code := run(t, "egtb", "build", "--pieces", "3", "--egtb", one, "--table", "1101"); code != 0 || strings.Count(out, "\n") != 3 {
		t.Fatalf("--table 1101: status %d\n%s%s", code, out, errOut)
	}
	for _, s := range []string{"0111", "1101"} {
		got, _ := os.ReadFile(filepath.Join(one, s+".egtb"))
		want, _ := os.ReadFile(filepath.Join(dir, s+".egtb"))
		if len(want) == 0 || !bytes.Equal(got, want) {
			t.Errorf("--table 1101 wrote %s unlike the full build", s)
		}
	}
}

// TestEgtbBuildResumesSlicedCheckpoint: with --table and --sliced, build
// goes on with a unit from the checkpoint that a stopped build left (one
// stopped here through gen.Build, halfway), says so on standard
// error, writes the embedded tables and removes the checkpoint.
func TestEgtbBuildResumesSlicedCheckpoint(t *testing.T) {
	dir, mat := t.TempDir(), egtb.Material{WhiteMen: 1, BlackMen: 1, BlackKings: 1}
	for _, tab := range egtb.Embedded().All() {
		if s := tab.Material(); s != mat && s != mat.Swap() {
			if err := tab.WriteFile(filepath.Join(dir, s.FileName())); err != nil {
				t.Fatal(err)
			}
		}
	}
	store, err := gen.OpenStore(dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	half := (egtb.Size(mat) + egtb.Size(mat.Swap())) / 2
	err = gen.Build(ctx, gen.BuildOptions{Pieces: 3, Threads: 1, Only: &mat, Sliced: true,
		Storage: store,
		Solving: func(solved uint64) {
			if solved > half {
				cancel()
			}
		}})
	checkpoint := filepath.Join(dir, mat.String()+".partial")
	if _, statErr := os.Stat(checkpoint); !errors.Is(err, context.Canceled) || statErr != nil {
		t.Fatalf("build stopped halfway: error %v, checkpoint %v", err, statErr)
	}
	out, errOut, code := run(t, "egtb", "build", "--pieces", "3", "--egtb", dir, "--table", mat.String(), "--sliced", "--threads", "1")
	if code != 0 || !regexp.MustCompile(`(?m)^1011 \(with 1110\): resumed from its checkpoint, [1-9]\d* of 15 waves solved, [1-9]\d* positions$`).MatchString(errOut) {
		t.Fatalf("build --table %v --sliced: status %d\n%s%s", mat, code, out, errOut)
	}
	for _, s := range []egtb.Material{mat, mat.Swap()} {
		data, err := os.ReadFile(filepath.Join(dir, s.FileName()))
		if err != nil || !bytes.Equal(data, mustEncode(t, egtb.Embedded().Table(s))) {
			t.Errorf("table %v resumed differs from the embedded one (%v)", s, err)
		}
	}
	if _, err := os.Stat(checkpoint); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the checkpoint is still there: %v", err)
	}
}

// mustEncode is the file contents of tab.
func mustEncode(t *testing.T, tab *egtb.Table) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), tab.Material().FileName())
	if err := tab.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestEgtbPlan(t *testing.T) {
	if out, _, code := run(t, "egtb", "plan", "--pieces", "3"); code != 0 || !strings.Contains(out, " file 2.6 kB needs -\n") {
		t.Errorf("plan for people: status %d\n%s", code, out)
	}
	out, errOut, code := run(t, "egtb", "plan", "--pieces", "3", "--bytes")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != len(gen.Units(3)) {
		t.Fatalf("plan: status %d, %d lines for %d units\n%s%s", code, len(lines), len(gen.Units(3)), out, errOut)
	}
	if !regexp.MustCompile(`^unit 0 0101 slots 2048 memory \d+ file 2628 needs -$`).MatchString(lines[0]) {
		t.Errorf("plan line 0: %q", lines[0])
	}
	if l := findLine(lines, " 0111,1101 "); !regexp.MustCompile(`^unit \d+ 0111,1101 slots \d+ memory \d+ file \d+ needs (\d{4},)*0101(,\d{4})*$`).MatchString(l) {
		t.Errorf("plan line of 0111: %q", l)
	}
}

// findLine is the first line holding s.
func findLine(lines []string, s string) string {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// TestEgtbProbeSaysOnePly: "win in 1 ply", not "1 plies" (issue 36).
func TestEgtbProbeSaysOnePly(t *testing.T) {
	out, _, code := run(t, "egtb", "probe", "8/8/8/8/8/8/w7/B7 b")
	if code != 0 || !strings.Contains(out, "value: win in 1 ply (black to move)\na1xa3        win in 1 ply\n") {
		t.Errorf("status %d, output\n%s", code, out)
	}
}

// TestEgtbVerifyBuiltInTables: without a folder and without the data
// directory, egtb verify checks the built-in tables, as egtb probe and
// egtb stats read them (issue 36), where it failed before.
func TestEgtbVerifyBuiltInTables(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	out, errOut, code := run(t, "egtb", "verify", "--threads", "1")
	want := fmt.Sprintf("the built-in tables (no data directory %s): ok: %d tables", filepath.Join(os.Getenv("XDG_DATA_HOME"), "dameo", "egtb"), len(egtb.Embedded().All()))
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("status %d, want a line with %q:\n%s%s", code, want, out, errOut)
	}
}
