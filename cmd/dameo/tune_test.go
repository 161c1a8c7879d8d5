//go:build unix

// The tuning pipeline from the command line: datagen writes a file, tune
// reads it and writes a weights file that the engine loads; bad flags and
// files are refused with a clear error.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/fifotest"
)

func TestDatagenThenTune(t *testing.T) {
	dir := t.TempDir()
	shards := []string{filepath.Join(dir, "shard-1.bin"), filepath.Join(dir, "shard-2.bin")}
	for i, shard := range shards {
		out, errOut, code := run(t, "datagen", shard, "--games", "8", "--shard", fmt.Sprintf("%d/2", i+1), "--nodes", "200",
			"--book-plies", "4", "--concurrency", "2", "--eval", "hand")
		if code != 0 || !strings.Contains(out, "games=4 skipped=0") {
			t.Fatalf("datagen: status %d\n%s\n%s", code, out, errOut)
		}
	}
	if out, _, code := run(t, "datagen", shards[0], "--games", "8", "--shard", "1/2", "--nodes", "200", "--book-plies", "4", "--resume"); code != 0 || !strings.Contains(out, "games=0 skipped=4") {
		t.Errorf("datagen --resume of a complete file: status %d\n%s", code, out)
	}
	data := filepath.Join(dir, "data.bin")
	var merged []byte
	for _, shard := range shards {
		b, err := os.ReadFile(shard)
		if err != nil {
			t.Fatal(err)
		}
		merged = append(merged, b...)
	}
	if err := os.WriteFile(data, merged, 0o644); err != nil {
		t.Fatal(err)
	}
	// The weights file through a symbolic link: the link stays, its file is written.
	weights := filepath.Join(dir, "weights.bin")
	link := filepath.Join(dir, "link.bin")
	if err := os.Symlink("weights.bin", link); err != nil {
		t.Fatal(err)
	}
	tuneArgs := []string{"tune", data, "--epochs", "2", "--validation", "30", "--batch", "64", "--buffer", "256", "--out", link}
	out, errOut, code := run(t, tuneArgs...)
	if code != 0 || !strings.Contains(out, "epoch   2: train") {
		t.Fatalf("tune: status %d\n%s\n%s", code, out, errOut)
	}
	// A finished run removes its checkpoint (issue 36), unless kept.
	if _, err := os.Stat(link + ".ckpt"); err == nil {
		t.Errorf("tune left its checkpoint %s.ckpt", link)
	}
	tuneArgs = append(tuneArgs, "--keep-checkpoint")
	if out, errOut, code := run(t, tuneArgs...); code != 0 {
		t.Fatalf("tune --keep-checkpoint: status %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(link + ".ckpt"); err != nil {
		t.Errorf("tune --keep-checkpoint: %v", err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("--out through a link replaced the link")
	}
	w, description, err := eval.Load(weights)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(description, "dameo tune data.bin") || w.MG[eval.TermIndex(eval.TermMan)] == 0 {
		t.Errorf("the weights file: description %q, man weight %d", description, w.MG[eval.TermIndex(eval.TermMan)])
	}
	out, errOut, code = run(t, append(tuneArgs, "--epochs", "3", "--resume")...)
	if code != 0 || !strings.Contains(out, "resumed after epoch 2") || !strings.Contains(out, "epoch   3: train") || strings.Contains(out, "epoch   2: train") {
		t.Errorf("tune --resume: status %d\n%s\n%s", code, out, errOut)
	}
	// The engine plays with the file's weights.
	out, errOut, code = run(t, "analyze", "--depth", "2", "--eval", weights)
	if code != 0 || !strings.Contains(out, "bestmove ") {
		t.Errorf("analyze --eval: status %d\n%s\n%s", code, out, errOut)
	}
	if out, errOut, code := run(t, "datagen", filepath.Join(dir, "again.bin"), "--games", "1", "--nodes", "100", "--eval", weights); code != 0 {
		t.Errorf("datagen --eval: status %d\n%s\n%s", code, out, errOut)
	}
}

func TestDatagenAndTuneRefuseBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("#dameo-datagen 1 x\n#game 0 1\nnot a position;1-0;0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.bin")
	if out, errOut, code := run(t, "datagen", good, "--games", "4", "--nodes", "100", "--eval", "hand"); code != 0 {
		t.Fatalf("datagen: status %d\n%s\n%s", code, out, errOut)
	}
	fifo := fifotest.Make(t, filepath.Join(dir, "fifo"))
	badBin := filepath.Join(dir, "bad.bin")
	weights := filepath.Join(dir, "w.bin")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"datagen", filepath.Join(dir, "a.bin"), "--games", "0"}, 2, "--games must be 1 or more"},
		{[]string{"datagen", filepath.Join(dir, "a.bin"), "--nodes", "0"}, 2, "--nodes 0 needs a --depth"},
		{[]string{"datagen", filepath.Join(dir, "a.bin"), "--shard", "0/3"}, 2, "--shard"},
		{[]string{"datagen", filepath.Join(dir, "a.bin"), "--eval", "other"}, 2, "--eval"},
		{[]string{"datagen", filepath.Join(dir, "a.bin"), "--eval", dir}, 2, "not a regular file"},
		{[]string{"bench", "--depth", "1", "--eval", "/dev/zero"}, 2, "--eval: /dev/zero: not a regular file (a device)"},
		{[]string{"analyze", "--depth", "1", "--eval", bad}, 2, "not a dameo weights file"},
		{[]string{"datagen", bad, "--games", "1", "--nodes", "100"}, 1, "--resume"},
		{[]string{"datagen", "/dev/null", "--games", "1", "--nodes", "100", "--resume"}, 2, "not a regular file"},
		{[]string{"datagen", fifo, "--games", "1", "--nodes", "100", "--resume"}, 2, "not a regular file"},
		{[]string{"datagen", "convert", bad, badBin}, 2, "line 3"},
		{[]string{"datagen", "convert", "/dev/zero", badBin}, 2, "not a regular file"},
		{[]string{"datagen", "convert", bad, good}, 2, "exists"},
		{[]string{"tune", bad, "--out", weights}, 2, "datagen convert"},
		{[]string{"tune", "/dev/zero", "--out", weights}, 2, "not a regular file"},
		{[]string{"tune", fifo, "--out", weights}, 2, "not a regular file"},
		{[]string{"tune", filepath.Join(dir, "missing.bin"), "--out", weights}, 2, "missing.bin"},
		{[]string{"tune", good, good, "--out", weights}, 2, "same file"},
		{[]string{"tune", good, "--out", "/dev/null"}, 2, "not a regular file"},
		{[]string{"tune", good, "--out", "/dev/full"}, 2, "not a regular file"},
		{[]string{"tune", good, "--out", fifo}, 2, "not a regular file"},
		{[]string{"tune", good, "--out", dir}, 2, "not a regular file"},
		{[]string{"tune", good, "--out", weights, "--checkpoint", "/dev/null"}, 2, "not a regular file"},
		{[]string{"tune", good, "--out", weights, "--validation", "0"}, 2, "--validation must be 1 to 50"},
		{[]string{"tune", good, "--out", weights, "--start", "/dev/zero"}, 2, "--start"},
	} {
		_, errOut, code := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
	for _, special := range []string{"/dev/null", "/dev/full"} {
		if fi, err := os.Stat(special); err != nil || fi.Mode().IsRegular() {
			t.Errorf("%s is now a regular file", special)
		}
	}
}
