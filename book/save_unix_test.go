//go:build unix

// Saved books follow the umask, as other files the program makes do.

package book

import (
	"os"
	"path/filepath"
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
