// The temporary files of atomic writes: named after their target (a dot,
// the target's name, ".tmp" and a random suffix), locked while they are
// written, and removed by RemoveTemporaries when a write was cut short (a
// killed process leaves its temporary file behind, never its lock).

package safefile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// tempName matches the names createTemp gives.
var tempName = regexp.MustCompile(`^\..+\.tmp[0-9a-z]{1,13}$`)

// tempFile is a temporary file being written and the descriptor that
// holds its lock until it is renamed or removed (nil where there are no
// locks).
type tempFile struct {
	f, lock *os.File
}

func (t tempFile) unlock() {
	if t.lock != nil {
		t.lock.Close()
	}
}

// createTemp creates a new file next to path, named after it, with mode
// 0666 less the umask (os.CreateTemp would make it 0600), and locks it.
func createTemp(path string) (tempFile, error) {
	for range 100 {
		name := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp"+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return tempFile{}, err
		}
		if !locks {
			return tempFile{f: f}, nil
		}
		// The lock is taken on a descriptor of its own, kept past the
		// writing one's close until the rename: RemoveTemporaries may
		// have removed the file in between creation and lock, and then
		// another name is tried.
		lock, err := os.OpenFile(name, os.O_RDONLY|openNonBlocking, 0)
		if err == nil && tryLock(lock) && sameFile(f, lock) {
			return tempFile{f: f, lock: lock}, nil
		}
		if lock != nil {
			lock.Close()
		}
		f.Close()
	}
	return tempFile{}, errors.New("cannot make a temporary file: every name tried exists")
}

// sameFile reports whether two descriptors are of one file.
func sameFile(a, b *os.File) bool {
	ai, aerr := a.Stat()
	bi, berr := b.Stat()
	return aerr == nil && berr == nil && os.SameFile(ai, bi)
}

// RemoveTemporaries removes from dir the temporary files of writes that
// were cut short (by a killed process), leaving those being written (by
// this process or another: they are locked), and returns how many it
// removed.
func RemoveTemporaries(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	removed := 0
	var errs []error
	for _, e := range entries {
		if !e.Type().IsRegular() || !tempName.MatchString(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, _, err := Open(path)
		if err != nil {
			continue // gone, or not a regular file any more
		}
		if tryLock(f) {
			if err := os.Remove(path); err == nil {
				removed++
			} else if !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
		f.Close()
	}
	return removed, errors.Join(errs...)
}
