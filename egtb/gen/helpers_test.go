// Test helpers: a build's storage in memory, and a table's file contents.

package gen

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/dameo/dameo/egtb"
)

// encode is the contents of tab's file.
func encode(t testing.TB, tab *egtb.Table) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), tab.Material().FileName())
	if err := tab.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// savedTables is a build's Storage in memory: the tables saved, in order
// (after save, if set, accepts each), given back by Finished; no
// checkpoints. With unreadable, Finished fails with it.
type savedTables struct {
	list       []*egtb.Table
	save       func(*egtb.Table) error
	unreadable error
}

func (s *savedTables) Finished(mat egtb.Material) (*egtb.Table, error) {
	if s.unreadable != nil {
		return nil, s.unreadable
	}
	for _, t := range s.list {
		if t.Material() == mat {
			return t, nil
		}
	}
	return nil, nil
}

func (s *savedTables) Save(t *egtb.Table) error {
	if s.save != nil {
		if err := s.save(t); err != nil {
			return err
		}
	}
	s.list = append(s.list, t)
	return nil
}

func (s *savedTables) SaveCheckpoint(egtb.Material, func(io.Writer) error) error { return nil }

func (s *savedTables) LoadCheckpoint(egtb.Material, func(io.Reader) error) bool { return false }

func (s *savedTables) RemoveCheckpoint(egtb.Material) error { return nil }
