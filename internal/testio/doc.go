// Package testio is for tests only: the input and output of what a test
// drives (a session in process, a program run as a process) as several
// packages' tests read them: a buffer that goroutines write while the test
// reads it, a program started with pipes, its output read a line at a time,
// and the part of an output from a heading on.
package testio
