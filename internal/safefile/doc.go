// Package safefile opens and writes the files a user names without being
// turned against the system: a reader opens regular files only, checked
// before a blocking open (a FIFO would wait for a writer, a device such as
// /dev/zero would never end), and a writer refuses a target that is not a
// regular file (/dev/null, /dev/full, a FIFO, a directory) and writes
// through a symbolic link to the file it names instead of replacing the
// link. It depends on the standard library only.
package safefile
