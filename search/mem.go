// A bound on the transposition table's size, so that a huge hash request
// gives a smaller table instead of killing the process when the memory
// cannot be had (Go cannot recover from running out of memory). The table
// takes at most half of the smallest of: the machine's physical memory
// (MemTotal), the memory limit of this process's own control group and of
// every group above it (v2 memory.max, v1 memory.limit_in_bytes), and the
// address space RLIMIT_AS leaves beyond what the process had mapped when it
// first asked (rlimit_unix.go: the Go runtime alone maps more than 1 GiB).

package search

import (
	"bufio"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
)

// Where Linux says how much memory there is, which control groups the
// process is in, and where their hierarchies are mounted.
const (
	meminfoPath   = "/proc/meminfo"
	selfCgroup    = "/proc/self/cgroup"
	cgroupRoot    = "/sys/fs/cgroup"
	cgroupV1Mount = "/sys/fs/cgroup/memory"
)

// MemoryBoundMiB is the largest table in MiB that the process's memory
// limits allow (the Searcher never makes a larger one, whatever HashMiB
// says), or 0 when no limit is known; for front-ends that warn when a
// hash setting is shrunk.
func MemoryBoundMiB() int { return halfMemoryMiB() }

// halfMemoryMiB is half the memory this process may use in MiB, else 0
// (no bound known).
func halfMemoryMiB() int {
	mib := 0
	lower := func(limit int) {
		if limit > 0 && (mib == 0 || limit < mib) {
			mib = limit
		}
	}
	if f, err := os.Open(meminfoPath); err == nil {
		lower(memTotalMiB(f))
		f.Close()
	}
	if b, err := os.ReadFile(selfCgroup); err == nil {
		lower(ownCgroupLimitMiB(string(b), cgroupRoot, cgroupV1Mount))
	}
	lower(addressSpaceMiB())
	if mib == 0 {
		return 0
	}
	return max(mib/2, 1)
}

// memTotalMiB reads MemTotal from /proc/meminfo text, 0 when absent.
func memTotalMiB(r io.Reader) int { return kibFieldMiB(r, "MemTotal:") }

// kibFieldMiB reads the field named key ("MemTotal:", "VmSize:") of
// /proc text whose values are in kB, in MiB; 0 when absent or bad.
func kibFieldMiB(r io.Reader, key string) int {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == key {
			kib, err := strconv.Atoi(fields[1])
			if err != nil {
				return 0
			}
			return kib / 1024
		}
	}
	return 0
}

// ownCgroupLimitMiB is the smallest memory limit of the control groups
// that /proc/self/cgroup text names, from the process's own group up to
// the root of its hierarchy: v2 (the "0::" line) under v2root, v1 (the line
// whose controllers include memory) under v1root; 0 when none is set. A
// group whose directory this mount namespace does not show is skipped
// (its parents are still read).
func ownCgroupLimitMiB(self, v2root, v1root string) int {
	mib := 0
	for _, line := range strings.Split(self, "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		root, file := "", ""
		switch {
		case parts[0] == "0" && parts[1] == "":
			root, file = v2root, "memory.max"
		case hasController(parts[1], "memory"):
			root, file = v1root, "memory.limit_in_bytes"
		default:
			continue
		}
		for dir := path.Clean("/" + parts[2]); ; dir = path.Dir(dir) {
			if b, err := os.ReadFile(path.Join(root, dir, file)); err == nil {
				if limit := cgroupLimitMiB(string(b)); limit > 0 && (mib == 0 || limit < mib) {
					mib = limit
				}
			}
			if dir == "/" {
				break
			}
		}
	}
	return mib
}

// hasController reports whether a /proc/self/cgroup controller list
// ("cpu,cpuacct") names c.
func hasController(list, c string) bool {
	for _, name := range strings.Split(list, ",") {
		if name == c {
			return true
		}
	}
	return false
}

// cgroupLimitMiB reads a control group's memory limit in bytes ("max", or
// a huge number, means none: 0).
func cgroupLimitMiB(text string) int {
	n, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
	if err != nil || n >= 1<<62 {
		return 0
	}
	return int(n >> 20)
}

// mappedAtStart is the address space in MiB the process had mapped when
// the bound was first asked for, before any table: what RLIMIT_AS must
// leave room for besides the table.
var mappedAtStart = sync.OnceValue(func() int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	return kibFieldMiB(f, "VmSize:")
})
