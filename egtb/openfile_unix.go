//go:build unix

// The non-blocking open flag where the system has one.

package egtb

import "syscall"

const openNonBlocking = syscall.O_NONBLOCK
