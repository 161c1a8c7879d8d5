// Opening a file to read: a regular file only, checked before the open and
// again on what was opened (opened without blocking, so that a FIFO put in
// its place in between cannot block either).

package safefile

import (
	"errors"
	"os"
)

// Open opens path for reading if it is a regular file, and returns its
// information as well.
func Open(path string) (*os.File, os.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := notRegular(fi); err != nil {
		return nil, nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = notRegular(fi)
	}
	if err != nil {
		f.Close()
		return nil, nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return f, fi, nil
}

// OpenReadWrite opens path for reading and writing in place, creating it
// if it does not exist; what exists must be a regular file (a symbolic
// link is followed to one).
func OpenReadWrite(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err == nil {
		err = notRegular(fi)
	} else if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|openNonBlocking, 0o666)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = notRegular(fi)
	}
	if err != nil {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return f, nil
}

// notRegular is nil for a regular file, else an error saying what it is.
func notRegular(fi os.FileInfo) error {
	if fi.Mode().IsRegular() {
		return nil
	}
	return errors.New("not a regular file (" + kind(fi.Mode()) + ")")
}

// kind names the kind of a file that is not regular.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}
