// Package safefile opens and writes the files a user names without being
// turned against the system, and is the one way dameo writes a file: a
// reader opens regular files only, checked before a blocking open (a FIFO
// would wait for a writer, a device such as /dev/zero would never end), and
// reads a whole file only up to a bound; a writer (atomic, or appending)
// refuses a target that is not a regular file (/dev/null, /dev/full, a
// FIFO, a directory) without blocking, and writes through a symbolic link
// to the file it names instead of replacing the link, unless the file is
// not of the kind written (WriteOwn). An atomic write's temporary file is
// locked while it is written, and RemoveTemporaries removes those that a
// killed process left. It depends on the standard library only.
package safefile
