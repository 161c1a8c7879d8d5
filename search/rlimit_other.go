// No address-space limit where the system has no RLIMIT_AS.

//go:build !unix

package search

// addressSpaceMiB is 0: no limit known.
func addressSpaceMiB() int { return 0 }
