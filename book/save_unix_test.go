//go:build unix

// Saved books follow the umask, as other files the program makes do, and
// are written through internal/safefile.

package book

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestSaveFollowsUmask(t *testing.T) {
	b := smallBook(t)
	dir := t.TempDir()
	for _, c := range []struct {
		umask int
		want  os.FileMode
	}{{0o077, 0o600}, {0o022, 0o644}, {0o002, 0o664}} {
		path := filepath.Join(dir, "book.bin")
		os.Remove(path)
		old := syscall.Umask(c.umask)
		err := b.Save(path)
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != c.want {
			t.Errorf("umask %03o: the book's mode is %v, want %v", c.umask, fi.Mode().Perm(), c.want)
		}
		if _, err := Load(path); err != nil {
			t.Error(err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestSaveRefusesALinkToAnotherFile: a book name linked to a file that is
// not a book is refused, where the save used to replace the link (and a
// special file such as a FIFO blocked it).
func TestSaveRefusesALinkToAnotherFile(t *testing.T) {
	b := smallBook(t)
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "book.bin")
	if err := os.Symlink("notes.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := b.Save(link); err == nil || !strings.Contains(err.Error(), "not a file of this kind") {
		t.Errorf("Save through a link to notes: %v", err)
	}
	if data, _ := os.ReadFile(notes); string(data) != "my notes\n" {
		t.Errorf("notes now hold %q", data)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
}
