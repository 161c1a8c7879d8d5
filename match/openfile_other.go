//go:build !unix

// Elsewhere than on Unix a file is opened as it is.

package match

const openNonBlocking = 0
