//go:build unix

// Opening a weights file on Unix without blocking: opening a FIFO for
// reading otherwise waits for a writer.

package eval

import "syscall"

const openNonBlocking = syscall.O_NONBLOCK
