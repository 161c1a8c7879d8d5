//go:build !unix

// Where there is no flock (Windows), no shared folder: each test process
// builds into its own.

package testbin

// lock reports that no lock is available.
func lock(string) (unlock func(), ok bool) { return nil, false }
