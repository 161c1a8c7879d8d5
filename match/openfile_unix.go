//go:build unix

// Opening on Unix without blocking: opening a FIFO for reading otherwise
// waits for a writer.

package match

import "syscall"

const openNonBlocking = syscall.O_NONBLOCK
