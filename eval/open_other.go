//go:build !unix

// Elsewhere than on Unix a weights file is opened as it is.

package eval

const openNonBlocking = 0
