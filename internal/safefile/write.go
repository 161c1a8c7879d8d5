// Writing a whole file atomically: through a temporary file in the
// target's directory renamed over it, so that a failed write leaves the old
// file; the target is first resolved through symbolic links (the link
// stays and its file is replaced) and must be a regular file or not exist.

package safefile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// maxLinks is the most symbolic links followed to resolve a target.
const maxLinks = 40

// WriteAtomic writes the file path with write (buffered), replacing it
// whole once write has succeeded. A symbolic link is written through: the file it
// names is replaced (or created), the link kept.
func WriteAtomic(path string, write func(io.Writer) error) error {
	return WriteOwn(path, "", write)
}

// WriteOwn is WriteAtomic for a file of a kind whose files all begin with
// magic: a symbolic link is written through only to such a file (or to
// nothing yet), and a link to any other file is refused rather than the
// file it names overwritten. An empty magic accepts any regular file.
func WriteOwn(path, magic string, write func(io.Writer) error) error {
	target, mode, err := resolveTarget(path, magic)
	if err != nil {
		return err
	}
	tmp, err := createTemp(target)
	if err != nil {
		return err
	}
	defer tmp.unlock()
	buf := bufio.NewWriterSize(tmp.f, 1<<16)
	if err = write(buf); err == nil {
		err = buf.Flush()
	}
	if cerr := tmp.f.Close(); err == nil {
		err = cerr
	}
	if err == nil && mode != 0 {
		err = os.Chmod(tmp.f.Name(), mode)
	}
	if err == nil {
		err = os.Rename(tmp.f.Name(), target)
	}
	if err != nil {
		return errors.Join(err, os.Remove(tmp.f.Name()))
	}
	return nil
}

// CheckTarget reports whether WriteAtomic may write path: what is there
// (through symbolic links) must be a regular file or nothing.
func CheckTarget(path string) error {
	_, _, err := resolveTarget(path, "")
	return err
}

// CheckOwnTarget reports whether WriteOwn may write path with magic.
func CheckOwnTarget(path, magic string) error {
	_, _, err := resolveTarget(path, magic)
	return err
}

// resolveTarget follows the symbolic links of path to the file they name
// and returns it with its permissions (0 when it does not exist yet);
// anything there but a regular file is refused, and so is a file reached
// through a link that does not begin with magic.
func resolveTarget(path, magic string) (string, fs.FileMode, error) {
	named := path
	for links := 0; links <= maxLinks; links++ {
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
			if links > 0 && magic != "" {
				if err := beginsWith(path, magic); err != nil {
					return "", 0, &os.PathError{Op: "write", Path: named, Err: err}
				}
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

// beginsWith is nil when the regular file path begins with magic, else an
// error saying that the link to it is refused.
func beginsWith(path, magic string) error {
	f, _, err := Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(f, head); err == nil && bytes.Equal(head, []byte(magic)) {
		return nil
	}
	return fmt.Errorf("a symbolic link to %s, which is not a file of this kind: refused, not overwritten (remove the link, or point it at such a file)", path)
}
