// Tests of `dameo book build --from-search --shard` and `dameo book merge`:
// a build in shards, merged, is the book of one process; the checks that
// refuse shards of another build, a shard twice and a missing round; resume.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tinySearch are the settings of a tiny search build.
var tinySearch = []string{"book", "build", "--from-search", "--positions", "5", "--depth", "1", "--hash", "1", "--growth", "50", "--concurrency", "1"}

// shardRounds runs rounds of a tiny build in 2 shards until a round finds
// the book complete, and returns the shard files of every round.
func shardRounds(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	for round := 1; round < 20; round++ {
		var these []string
		complete := false
		for i := 1; i <= 2; i++ {
			out := filepath.Join(dir, "r"+strings.Repeat("i", round)+"-"+string(rune('0'+i))+".shard")
			args := append(append([]string{}, tinySearch...), "--shard", string(rune('0'+i))+"/2", "-o", out)
			_, errOut, code := run(t, append(args, files...)...)
			if code != 0 {
				t.Fatalf("round %d shard %d: status %d, %s", round, i, code, errOut)
			}
			complete = complete || strings.Contains(errOut, "complete")
			these = append(these, out)
		}
		if complete {
			return files
		}
		files = append(files, these...)
	}
	t.Fatal("no round found the book complete")
	return nil
}

func TestBookShardsMergeToTheWholeBook(t *testing.T) {
	dir := t.TempDir()
	files := shardRounds(t, dir)
	merged, whole := filepath.Join(dir, "merged.bin"), filepath.Join(dir, "whole.bin")
	if _, errOut, code := run(t, append([]string{"book", "merge", "-o", merged}, files...)...); code != 0 {
		t.Fatalf("merge: status %d, %s", code, errOut)
	}
	if _, errOut, code := run(t, append(append([]string{}, tinySearch...), "-o", whole)...); code != 0 {
		t.Fatalf("whole build: status %d, %s", code, errOut)
	}
	a, _ := os.ReadFile(merged)
	b, _ := os.ReadFile(whole)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("merged book (%d bytes) differs from the book built at once (%d bytes)", len(a), len(b))
	}
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"a shard twice", append([]string{files[0]}, files...), "given twice"},
		{"a shard missing", files[1:], "missing"},
		{"the last round missing", files[:len(files)-2], "lacks the scores"},
	} {
		_, errOut, code := run(t, append([]string{"book", "merge", "-o", merged}, c.files...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("merge of %s: status %d, %q; want 2 and %q", c.name, code, errOut, c.want)
		}
	}
	// A shard of other settings refuses the files of this build.
	args := append(append([]string{}, tinySearch...), "--depth", "2", "--shard", "1/2", "-o", filepath.Join(dir, "x.shard"), files[0], files[1])
	if _, errOut, code := run(t, args...); code != 2 || !strings.Contains(errOut, "another build") {
		t.Errorf("shard of depth 2 on depth-1 files: status %d, %q", code, errOut)
	}
	// A shard resumed from a cut file ends with the same scores.
	data, _ := os.ReadFile(files[2])
	cut := filepath.Join(dir, "cut.shard")
	os.WriteFile(cut, data[:len(data)*2/3], 0o666)
	args = append(append([]string{}, tinySearch...), "--shard", "1/2", "-o", cut, "--resume", files[0], files[1])
	if _, errOut, code := run(t, args...); code != 0 {
		t.Fatalf("resumed shard: status %d, %s", code, errOut)
	}
	again, _ := os.ReadFile(cut)
	if !sameLines(again, data) {
		t.Errorf("resumed shard file:\n%s\nwant the lines of\n%s", again, data)
	}
	// A resume of another shard's file is refused.
	args = append(append([]string{}, tinySearch...), "--shard", "2/2", "-o", cut, "--resume", files[0], files[1])
	if _, errOut, code := run(t, args...); code != 2 || !strings.Contains(errOut, "not shard 2/2") {
		t.Errorf("resume of shard 1's file as shard 2: status %d, %q", code, errOut)
	}
}

// sameLines reports whether a and b hold the same lines in any order.
func sameLines(a, b []byte) bool {
	count := map[string]int{}
	for _, l := range strings.Split(string(a), "\n") {
		count[l]++
	}
	for _, l := range strings.Split(string(b), "\n") {
		count[l]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}
