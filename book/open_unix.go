//go:build unix

// Opening a book file on Unix without blocking: opening a FIFO for reading
// otherwise waits for a writer.

package book

import "syscall"

const openNonBlocking = syscall.O_NONBLOCK
