// Opening a file the match reads from outside (a report's PDN files, the
// PDN a run resumes): a regular file only, checked before the open and on
// what was opened, which is opened without blocking so that a FIFO put in
// its place cannot block either.

package match

import (
	"errors"
	"os"
)

// openRegular opens path for reading if it is a regular file.
func openRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: notRegular(fi.Mode())}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil && !fi.Mode().IsRegular() {
		err = &os.PathError{Op: "open", Path: path, Err: notRegular(fi.Mode())}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// notRegular is the error for a file of mode m that is not regular.
func notRegular(m os.FileMode) error {
	kind := "a special file"
	switch {
	case m.IsDir():
		kind = "a directory"
	case m&os.ModeNamedPipe != 0:
		kind = "a FIFO"
	case m&os.ModeDevice != 0:
		kind = "a device"
	case m&os.ModeSocket != 0:
		kind = "a socket"
	}
	return errors.New("not a regular file (" + kind + ")")
}
