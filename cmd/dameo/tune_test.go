// The tuning pipeline from the command line: datagen writes a file, tune
// reads it and writes a weights file that the engine loads; bad flags and
// files are refused with a clear error.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/eval"
)

func TestDatagenThenTune(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	out, errOut, code := run(t, "datagen", data, "--games", "6", "--nodes", "200", "--concurrency", "2", "--eval", "hand")
	if code != 0 || !strings.Contains(out, "games=6 skipped=0") {
		t.Fatalf("datagen: status %d\n%s\n%s", code, out, errOut)
	}
	if out, _, code := run(t, "datagen", data, "--games", "6", "--nodes", "200", "--resume"); code != 0 || !strings.Contains(out, "games=0 skipped=6") {
		t.Errorf("datagen --resume of a complete file: status %d\n%s", code, out)
	}
	weights := filepath.Join(dir, "weights.bin")
	out, errOut, code = run(t, "tune", data, "--epochs", "2", "--validation", "30", "--patterns", "--out", weights)
	if code != 0 || !strings.Contains(out, "epoch   1: train") {
		t.Fatalf("tune: status %d\n%s\n%s", code, out, errOut)
	}
	w, description, err := eval.Load(weights)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(description, "--patterns") || w.MG[eval.TermIndex(eval.TermMan)] == 0 {
		t.Errorf("the weights file: description %q, man weight %d", description, w.MG[eval.TermIndex(eval.TermMan)])
	}
	// The engine plays with the file's weights.
	out, errOut, code = run(t, "analyze", "--depth", "2", "--eval", weights)
	if code != 0 || !strings.Contains(out, "bestmove ") {
		t.Errorf("analyze --eval: status %d\n%s\n%s", code, out, errOut)
	}
	if out, errOut, code := run(t, "datagen", filepath.Join(dir, "again.txt"), "--games", "1", "--nodes", "100", "--eval", weights); code != 0 {
		t.Errorf("datagen --eval: status %d\n%s\n%s", code, out, errOut)
	}
}

func TestDatagenAndTuneRefuseBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("#dameo-datagen 1 x\n#game 0 1\nnot a position;1-0;0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"datagen", filepath.Join(dir, "a.txt"), "--games", "0"}, 2, "games must be at least 1"},
		{[]string{"datagen", filepath.Join(dir, "a.txt"), "--nodes", "0"}, 2, "set nodes or depth"},
		{[]string{"datagen", filepath.Join(dir, "a.txt"), "--eval", "other"}, 2, "--eval"},
		{[]string{"datagen", filepath.Join(dir, "a.txt"), "--eval", dir}, 2, "not a regular file"},
		{[]string{"bench", "--depth", "1", "--eval", "/dev/zero"}, 2, "--eval: /dev/zero: not a regular file (a device)"},
		{[]string{"analyze", "--depth", "1", "--eval", bad}, 2, "not a dameo weights file"},
		{[]string{"datagen", bad, "--games", "1", "--nodes", "100"}, 1, "--resume"},
		{[]string{"tune", bad}, 1, "line 3"},
		{[]string{"tune", filepath.Join(dir, "missing.txt")}, 2, "missing.txt"},
		{[]string{"tune", bad, "--validation", "0"}, 1, "line 3"},
	} {
		_, errOut, code := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
