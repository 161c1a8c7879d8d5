// Opening a table file without blocking: a FIFO or device named like a
// table is refused before it is read (opening a FIFO for reading blocks
// until a writer comes).

package egtb

import (
	"fmt"
	"os"
)

// openRegular opens path for reading if it is a regular file. The mode is
// checked before the open, and again on the open file (with a
// non-blocking open, so that a FIFO put in its place in between cannot
// block either).
func openRegular(path string) (*os.File, os.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("not a regular file (%v)", info.Mode().Type())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, nil, err
	}
	if info, err = f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("not a regular file (%v)", info.Mode().Type())
		}
		return nil, nil, err
	}
	return f, info, nil
}
