// Opening a file: a regular file only, checked before the open and again
// on what was opened (opened without blocking, so that a FIFO put in its
// place in between cannot block either), to read (whole files bounded in
// size), to read and write in place, or to append to.

package safefile

import (
	"errors"
	"fmt"
	"io"
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

// ReadFile reads the whole regular file path, refusing one of more than
// limit bytes (a device such as /dev/zero never ends).
func ReadFile(path string, limit int64) ([]byte, error) {
	f, _, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &os.PathError{Op: "read", Path: path, Err: fmt.Errorf("larger than %d bytes", limit)}
	}
	return b, nil
}

// OpenAppend opens path for appending, creating it with perm (less the
// umask) if it does not exist; what exists must be a regular file (a
// symbolic link is followed to one): a FIFO or a device is refused at
// once, without blocking.
func OpenAppend(path string, perm os.FileMode) (*os.File, error) {
	if err := CheckTarget(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND|openNonBlocking, perm)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
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
