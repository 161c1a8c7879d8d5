// Package proctest lets tests check that the processes a program started
// are gone: it reads the process ids a test engine recorded, and tells a
// running process from one that has exited (a zombie counts as exited when
// it is not the caller's child, as its reaping is then up to its new parent).
package proctest
