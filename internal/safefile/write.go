// Writing a whole file atomically: through a temporary file in the
// target's directory renamed over it, so that a failed write leaves the old
// file; the target is first resolved through symbolic links (the link
// stays and its file is replaced) and must be a regular file or not exist.

package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// maxLinks is the most symbolic links followed to resolve a target.
const maxLinks = 40

// WriteAtomic writes the file path with write, replacing it whole once
// write has succeeded. A symbolic link is written through: the file it
// names is replaced (or created), the link kept.
func WriteAtomic(path string, write func(io.Writer) error) error {
	target, mode, err := resolveTarget(path)
	if err != nil {
		return err
	}
	tmp, err := createTemp(target)
	if err != nil {
		return err
	}
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && mode != 0 {
		err = os.Chmod(tmp.Name(), mode)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), target)
	}
	if err != nil {
		return errors.Join(err, os.Remove(tmp.Name()))
	}
	return nil
}

// CheckTarget reports whether WriteAtomic may write path: what is there
// (through symbolic links) must be a regular file or nothing.
func CheckTarget(path string) error {
	_, _, err := resolveTarget(path)
	return err
}

// resolveTarget follows the symbolic links of path to the file they name
// and returns it with its permissions (0 when it does not exist yet);
// anything there but a regular file is refused.
func resolveTarget(path string) (string, fs.FileMode, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, 0, nil
		}
		if err != nil {
			return "", 0, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if err := notRegular(fi); err != nil {
				return "", 0, &os.PathError{Op: "write", Path: path, Err: err}
			}
			return path, fi.Mode().Perm(), nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", 0, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", 0, &os.PathError{Op: "write", Path: path, Err: fmt.Errorf("more than %d symbolic links", maxLinks)}
}

// createTemp creates a new file next to path, named after it, with mode
// 0666 less the umask (os.CreateTemp would make it 0600).
func createTemp(path string) (*os.File, error) {
	for range 100 {
		name := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp"+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("cannot make a temporary file: every name tried exists")
}
