//go:build !unix

// Elsewhere than on Unix a file is opened as it is.

package safefile

const openNonBlocking = 0
