// A directory of table files as a build writes and reads them: each table
// in full (.egtb, values and distances) and as a WDL file (.wdl, values
// only, for the search), read back memory-mapped when later tables need
// it, and kept from an interrupted build when resuming, as is the
// checkpoint of a unit the sliced solver was solving (.partial).

package gen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/internal/safefile"
)

// Store writes and reads back the tables of a build in a directory.
type Store struct {
	dir    string
	resume bool
	warn   func(error)
	mu     sync.Mutex
	saved  map[egtb.Material]bool
}

// OpenStore is the store of directory dir, without the temporary files
// that writes cut short by an interrupted build left there. With resume,
// the tables the directory holds are finished tables (checked as they are
// loaded; a damaged one is reported to warn and counts as missing).
func OpenStore(dir string, resume bool, warn func(error)) (*Store, error) {
	if _, err := safefile.RemoveTemporaries(dir); err != nil {
		return nil, fmt.Errorf("removing the temporary files of an interrupted build: %w", err)
	}
	return &Store{dir: dir, resume: resume, warn: warn, saved: map[egtb.Material]bool{}}, nil
}

// Save writes t's table file and WDL file.
func (s *Store) Save(t *egtb.Table) error {
	if err := t.WriteFile(s.path(t.Material(), egtb.FileExt)); err != nil {
		return err
	}
	if err := t.WriteWDLFile(s.path(t.Material(), egtb.WDLExt)); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saved[t.Material()] = true
	return nil
}

// Finished is the table of mat saved by this store, or with resume the one
// the directory holds, memory-mapped; nil when there is none. A finished
// table without its WDL file (or with a damaged one) gets it written.
func (s *Store) Finished(mat egtb.Material) (*egtb.Table, error) {
	s.mu.Lock()
	saved := s.saved[mat]
	s.mu.Unlock()
	if !saved && !s.resume {
		return nil, s.writable(mat)
	}
	t, err := egtb.LoadFile(s.path(mat, egtb.FileExt))
	switch {
	case err == nil:
	case saved:
		return nil, err
	default:
		if err := s.writable(mat); err != nil {
			return nil, err
		}
		if !errors.Is(err, fs.ErrNotExist) && s.warn != nil {
			s.warn(fmt.Errorf("%w: building it again", err))
		}
		return nil, nil
	}
	if !saved {
		if _, err := egtb.LoadWDLFile(s.path(mat, egtb.WDLExt)); err != nil {
			if !errors.Is(err, fs.ErrNotExist) && s.warn != nil {
				s.warn(fmt.Errorf("%w: writing it again", err))
			}
			if err := t.WriteWDLFile(s.path(mat, egtb.WDLExt)); err != nil {
				return nil, err
			}
		}
	}
	return t, nil
}

// writable is nil when the files of mat can be written: a symbolic link
// to a file that is not a table is refused before the table is solved.
func (s *Store) writable(mat egtb.Material) error {
	if err := safefile.CheckOwnTarget(s.path(mat, egtb.FileExt), egtb.Magic); err != nil {
		return err
	}
	return safefile.CheckOwnTarget(s.path(mat, egtb.WDLExt), egtb.WDLMagic)
}

// SaveCheckpoint writes the checkpoint of the unit of mat (its first
// material), through a temporary file renamed into place.
func (s *Store) SaveCheckpoint(mat egtb.Material, write func(io.Writer) error) error {
	return safefile.WriteOwn(s.path(mat, checkpointExt), checkpointMagic, write)
}

// LoadCheckpoint reads, with resume, the checkpoint of the unit of mat
// with read and reports whether read accepted it. Without resume, or when
// there is none, it is not read; one that read refuses (damaged, or not
// the unit's) is reported to warn.
func (s *Store) LoadCheckpoint(mat egtb.Material, read func(io.Reader) error) bool {
	if !s.resume {
		return false
	}
	path := s.path(mat, checkpointExt)
	f, _, err := safefile.Open(path)
	if err == nil {
		defer f.Close()
		err = read(bufio.NewReaderSize(f, 1<<20))
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) && s.warn != nil {
		s.warn(fmt.Errorf("checkpoint %s: %w: solving the unit from its start", path, err))
	}
	return err == nil
}

// RemoveCheckpoint removes the checkpoint of the unit of mat, if any.
func (s *Store) RemoveCheckpoint(mat egtb.Material) error {
	if err := os.Remove(s.path(mat, checkpointExt)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Bytes is the size of the files of mat in the directory.
func (s *Store) Bytes(mat egtb.Material) int64 {
	var n int64
	for _, ext := range []string{egtb.FileExt, egtb.WDLExt} {
		if info, err := os.Stat(s.path(mat, ext)); err == nil {
			n += info.Size()
		}
	}
	return n
}

func (s *Store) path(mat egtb.Material, ext string) string {
	return filepath.Join(s.dir, strings.TrimSuffix(mat.FileName(), egtb.FileExt)+ext)
}
