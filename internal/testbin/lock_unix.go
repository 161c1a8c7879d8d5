//go:build unix

// The lock of the shared folder on Unix: flock, which the system releases
// when its holder ends, so a killed test leaves no lock behind.

package testbin

import (
	"os"
	"syscall"
)

// lock waits for the exclusive lock of the file at path and returns its
// release; ok is false when the file cannot be opened or locked.
func lock(path string) (unlock func(), ok bool) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, false
	}
	return func() { f.Close() }, true // closing releases the lock
}
