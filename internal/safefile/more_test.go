//go:build unix

// Tests of the writer's newer guards: links to files of another kind
// refused, appends and bounded reads of special files refused without
// blocking, temporaries of cut-short writes removed and those being
// written kept.

package safefile

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestWriteOwnRefusesALinkToAnotherKind(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "0101.egtb")
	if err := os.Symlink("notes.txt", link); err != nil {
		t.Fatal(err)
	}
	err := WriteOwn(link, "MAGIC", write("MAGIC data"))
	if err == nil || !strings.Contains(err.Error(), "not a file of this kind") {
		t.Errorf("WriteOwn through a link to notes: %v", err)
	}
	if err := CheckOwnTarget(link, "MAGIC"); err == nil {
		t.Errorf("CheckOwnTarget accepts the link to notes")
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes" {
		t.Errorf("notes now hold %q", b)
	}
	// A link to a file of the kind is written through.
	if err := os.WriteFile(notes, []byte("MAGIC old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteOwn(link, "MAGIC", write("MAGIC new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(notes); string(b) != "MAGIC new" {
		t.Errorf("target holds %q", b)
	}
	// A regular file of another kind, not linked, is replaced.
	plain := filepath.Join(dir, "0102.egtb")
	if err := os.WriteFile(plain, []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteOwn(plain, "MAGIC", write("MAGIC x")); err != nil {
		t.Errorf("a plain file: %v", err)
	}
}

func TestOpenAppendRefusesSpecialFilesAtOnce(t *testing.T) {
	for _, path := range specials(t) {
		err := fifotest.Within(t, time.Minute, "OpenAppend "+path, func() error {
			f, err := OpenAppend(path, 0o644)
			if err == nil {
				f.Close()
			}
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("OpenAppend(%s): %v", path, err)
		}
	}
	path := filepath.Join(t.TempDir(), "log")
	for _, s := range []string{"a", "b"} {
		f, err := OpenAppend(path, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, s)
		f.Close()
	}
	if b, _ := os.ReadFile(path); string(b) != "ab" {
		t.Errorf("appended %q", b)
	}
}

func TestReadFileIsBounded(t *testing.T) {
	err := fifotest.Within(t, time.Minute, "ReadFile /dev/zero", func() error {
		_, err := ReadFile("/dev/zero", 10)
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("ReadFile(/dev/zero): %v", err)
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte(strings.Repeat("x", 11)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path, 10); err == nil || !strings.Contains(err.Error(), "larger than 10 bytes") {
		t.Errorf("11 bytes read with a bound of 10: %v", err)
	}
	if b, err := ReadFile(path, 11); err != nil || len(b) != 11 {
		t.Errorf("11 bytes with a bound of 11: %d, %v", len(b), err)
	}
}

func TestRemoveTemporaries(t *testing.T) {
	dir := t.TempDir()
	// What a killed write leaves: unlocked temporaries of a table and of
	// a checkpoint.
	left := []string{".0101.egtb.tmp3k9z2", ".0114.partial.tmpabc"}
	kept := []string{"0101.egtb", ".hidden", "x.tmp1", ".a.tmp"}
	for _, name := range append(append([]string{}, left...), kept...) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// One being written, locked.
	tmp, err := createTemp(filepath.Join(dir, "0202.egtb"))
	if err != nil {
		t.Fatal(err)
	}
	defer tmp.unlock()
	defer tmp.f.Close()
	n, err := RemoveTemporaries(dir)
	if err != nil || n != len(left) {
		t.Errorf("RemoveTemporaries: %d, %v; want %d", n, err, len(left))
	}
	for _, name := range left {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s left", name)
		}
	}
	for _, name := range append(kept, filepath.Base(tmp.f.Name())) {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s removed: %v", name, err)
		}
	}
}
