//go:build !unix

// Systems without FIFOs in the file system need no non-blocking open.

package egtb

const openNonBlocking = 0
