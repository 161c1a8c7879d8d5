// The address-space limit (RLIMIT_AS, ulimit -v) as a bound on the table,
// where the system has one.

//go:build unix

package search

import "syscall"

// addressSpaceMiB is the address space in MiB that RLIMIT_AS leaves beyond
// what the process had mapped at its first look, 0 when there is no limit
// (RLIM_INFINITY is the largest uint64).
// A limit already used up leaves 1 MiB: the smallest table.
func addressSpaceMiB() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 {
		return 0
	}
	return max(int(r.Cur>>20)-mappedAtStart(), 1)
}
