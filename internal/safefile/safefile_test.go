//go:build unix

// Tests of safe opening and writing: special files refused without
// blocking, symbolic links written through, a failed write leaving the old
// file.

package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/fifotest"
)

// specials are a FIFO, a directory and devices.
func specials(t *testing.T) []string {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "fifo"))
	return []string{fifo, dir, os.DevNull, "/dev/full", "/dev/zero"}
}

func TestOpenRefusesSpecialFiles(t *testing.T) {
	for _, path := range specials(t) {
		if f, _, err := Open(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Open(%s): %v", path, err)
			if f != nil {
				f.Close()
			}
		}
		if f, err := OpenReadWrite(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("OpenReadWrite(%s): %v", path, err)
			if f != nil {
				f.Close()
			}
		}
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, fi, err := Open(path)
	if err != nil || fi.Size() != 1 {
		t.Fatalf("Open of a regular file: %v", err)
	}
	f.Close()
}

func write(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func TestWriteAtomicRefusesSpecialFiles(t *testing.T) {
	for _, path := range specials(t) {
		before, _ := os.Lstat(path)
		if err := WriteAtomic(path, write("data")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("WriteAtomic(%s): %v", path, err)
		}
		if after, err := os.Lstat(path); err != nil || after.Mode() != before.Mode() {
			t.Errorf("%s: now %v, %v", path, after.Mode(), err)
		}
	}
}

func TestWriteAtomicThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub", "target")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("sub/target", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(link, write("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "new" {
		t.Errorf("target holds %q, %v", b, err)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("target's mode %v, was 0600", fi.Mode().Perm())
	}
	// A dangling link: the file it names is created.
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink("made", dangling); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(dangling, write("x")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "made")); err != nil || string(b) != "x" {
		t.Errorf("made holds %q, %v", b, err)
	}
	// A link to /dev/null is refused.
	null := filepath.Join(dir, "null")
	if err := os.Symlink(os.DevNull, null); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(null, write("x")); err == nil {
		t.Errorf("a link to /dev/null written")
	}
}

func TestWriteAtomicFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteAtomic(path, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	if !errors.Is(err, boom) {
		t.Errorf("error %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("file holds %q after a failed write", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files left in the directory", len(entries))
	}
}
