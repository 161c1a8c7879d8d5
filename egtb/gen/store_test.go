// The store of a build: the temporary files of writes cut short removed
// when it opens, and a table name linked to a file of another kind refused
// before anything is solved or written through the link.

package gen

import (
	"context"
	"github.com/dameo/dameo/egtb"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStoreRemovesTemporariesOfAnInterruptedBuild(t *testing.T) {
	for _, resume := range []bool{false, true} {
		dir := t.TempDir()
		left := []string{".0101.egtb.tmp1x2y3z", ".0101.wdl.tmpq", ".1011.partial.tmp9"}
		for _, name := range left {
			if err := os.WriteFile(filepath.Join(dir, name), []byte("half"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		openStore(t, dir, resume, nil)
		for _, name := range left {
			if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
				t.Errorf("resume %v: %s left", resume, name)
			}
		}
	}
}

func TestStoreRefusesALinkToAnotherFile(t *testing.T) {
	for _, resume := range []bool{false, true} {
		dir := t.TempDir()
		notes := filepath.Join(dir, "notes.txt")
		if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		mat := egtb.Material{WhiteKings: 1, BlackKings: 1}
		if err := os.Symlink("notes.txt", filepath.Join(dir, mat.FileName())); err != nil {
			t.Fatal(err)
		}
		store := openStore(t, dir, resume, func(err error) { t.Errorf("warning: %v", err) })
		err := Build(context.Background(), BuildOptions{Pieces: 2, Threads: 1, Storage: store})
		if err == nil || !strings.Contains(err.Error(), "not a file of this kind") {
			t.Errorf("resume %v: build through a link to notes: %v", resume, err)
		}
		if b, _ := os.ReadFile(notes); string(b) != "my notes\n" {
			t.Errorf("resume %v: notes now hold %d bytes", resume, len(b))
		}
	}
}
