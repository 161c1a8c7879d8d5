//go:build linux

// Seeing the engine exit before it is reaped (Linux): while it is a zombie
// its process id, and so the id of its group, cannot be reused, which makes
// it safe to kill what it left in its group.

package hubclient

import (
	"syscall"
	"unsafe"
)

// waitid's constants (linux/wait.h), not all in package syscall.
const (
	idTypePID = 1
	wExited   = 0x4
	wNoWait   = 0x1000000
)

// waitExit blocks until process pid has exited, without reaping it, and
// reports true; it reports false when it cannot tell.
func waitExit(pid int) bool {
	var info [128]byte // siginfo_t
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, idTypePID, uintptr(pid),
			uintptr(unsafe.Pointer(&info)), wExited|wNoWait, 0, 0)
		switch errno {
		case 0:
			return true
		case syscall.EINTR:
		default:
			return false
		}
	}
}
