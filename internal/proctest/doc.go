// Package proctest lets tests check that the processes a program started
// are gone: Wrap starts an engine through a shell script that forks a
// sleeper and records both process ids, and CheckGone tells a running
// process from one that has exited (a zombie counts as exited when it is not
// the caller's child, as its reaping is then up to its new parent).
package proctest
