//go:build !unix

// Elsewhere than on Unix a book file is opened as it is.

package book

const openNonBlocking = 0
