//go:build unix

// Locking a temporary file while it is written (flock: released when its
// descriptor is closed, or its process dies).

package safefile

import (
	"os"
	"syscall"
)

// locks is true: a temporary file is locked on a descriptor of its own.
const locks = true

// tryLock takes f's exclusive lock without waiting, reporting whether it did.
func tryLock(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var lerr error
	if err := rc.Control(func(fd uintptr) { lerr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB) }); err != nil {
		return false
	}
	return lerr == nil
}
