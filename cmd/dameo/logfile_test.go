// A --log file whose writes fail (a full disk) is reported once on
// standard error, and the command goes on writing nothing more about it.

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLogWriteErrorReportedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hub.log")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path) // read-only: every write fails
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l := &logFile{f: f}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := os.Stderr
	os.Stderr = w
	for range 3 {
		if _, err := l.Write([]byte("a line\n")); err == nil {
			t.Error("a write to a read-only file succeeded")
		}
	}
	os.Stderr = stderr
	w.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(out), "--log "+path); n != 1 || strings.Count(string(out), "\n") != 1 {
		t.Errorf("stderr %q, want one line about --log %s", out, path)
	}
}
