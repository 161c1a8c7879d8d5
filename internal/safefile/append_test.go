//go:build unix

package safefile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

// TestCreateAppend: a file begun with its header (an existing one refused
// or replaced), gone on with up to what Keep keeps, and special files
// refused without blocking, however the file is opened.
func TestCreateAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "records")
	write := func(a Append, s string) error {
		f, err := CreateAppend(path, a)
		if err != nil {
			return err
		}
		io.WriteString(f, s)
		return f.Close()
	}
	head := []byte("H\n")
	keep := func(f *os.File) (int64, error) { // up to the last complete line
		b, err := io.ReadAll(f)
		return int64(bytes.LastIndexByte(b, '\n') + 1), err
	}
	steps := []struct {
		a    Append
		add  string
		want string
	}{
		{Append{Header: head}, "r1\nr2", "H\nr1\nr2"},
		{Append{Header: head, Keep: keep}, "r3\n", "H\nr1\nr3\n"},
		{Append{Header: head, Replace: true}, "s1\n", "H\ns1\n"},
	}
	for i, s := range steps {
		if err := write(s.a, s.add); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if b, _ := os.ReadFile(path); string(b) != s.want {
			t.Errorf("step %d: %q, want %q", i, b, s.want)
		}
	}
	if err := write(Append{Header: head}, "x"); !errors.Is(err, fs.ErrExist) {
		t.Errorf("an existing file without Keep or Replace: %v", err)
	}
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, nil, 0o644)
	path = empty
	if err := write(Append{Header: head, Keep: keep}, "r\n"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(empty); string(b) != "H\nr\n" {
		t.Errorf("an empty file kept: %q, want its header written", b)
	}
	stop := errors.New("not ours")
	if _, err := CreateAppend(empty, Append{Keep: func(*os.File) (int64, error) { return 0, stop }}); err != stop {
		t.Errorf("Keep's error: %v", err)
	}
	for _, p := range specials(t) {
		for _, a := range []Append{{Keep: keep}, {Replace: true}, {}} {
			err := fifotest.Within(t, time.Minute, "CreateAppend "+p, func() error {
				f, err := CreateAppend(p, a)
				if err == nil {
					f.Close()
				}
				return err
			})
			if err == nil || !strings.Contains(err.Error(), "not a regular file") && !errors.Is(err, fs.ErrExist) {
				t.Errorf("CreateAppend(%s, keep %v, replace %v): %v", p, a.Keep != nil, a.Replace, err)
			}
		}
	}
}
