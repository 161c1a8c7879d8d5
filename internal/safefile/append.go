// Appending to a file of records (datagen's data, a book build's shard
// and leaves files): a file begun with its header, or one gone on with,
// kept up to its last complete record; a regular file only, a FIFO or a
// device refused at once, without blocking.

package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// Append says how CreateAppend opens a file of records.
type Append struct {
	Header []byte // written first in a file begun (or kept empty)
	// Keep, when set, goes on with the file if it exists: it reads the
	// file and returns the length to keep (up to its last complete
	// record); the rest is cut off and the writes go on from there. Its
	// error is returned as it is.
	Keep func(f *os.File) (int64, error)
	// Replace, without Keep (or without the file), begins the file
	// anew when it exists; otherwise an existing file is an error that
	// wraps fs.ErrExist.
	Replace bool
}

// CreateAppend opens the file of records path to write records at its
// end, as a says: an existing file gone on with (a.Keep), or a file begun
// with a.Header.
func CreateAppend(path string, a Append) (*os.File, error) {
	if a.Keep != nil {
		_, err := os.Stat(path)
		if err == nil {
			return keepAppending(path, a)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL | openNonBlocking
	if a.Replace {
		if err := CheckTarget(path); err != nil {
			return nil, err
		}
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC | openNonBlocking
	}
	f, err := os.OpenFile(path, flag, 0o666)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || notRegular(fi) != nil {
		f.Close()
		if err == nil {
			err = &os.PathError{Op: "open", Path: path, Err: notRegular(fi)}
		}
		return nil, err
	}
	if _, err := f.Write(a.Header); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// keepAppending is CreateAppend of an existing file with a.Keep.
func keepAppending(path string, a Append) (*os.File, error) {
	f, err := OpenReadWrite(path)
	if err != nil {
		return nil, err
	}
	end, err := a.Keep(f)
	if err == nil {
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err == nil && end == 0 {
		_, err = f.Write(a.Header)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
