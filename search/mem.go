// A bound on the transposition table's size, so that a huge hash request
// gives a smaller table instead of killing the process when the memory
// cannot be had (Go cannot recover from running out of memory): half of the
// memory this process may use, the smaller of the machine's physical memory
// and the limit of its control group (containers, batch schedulers).

package search

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"strings"
)

// Where Linux says how much memory there is and how much a control group
// (v2, then v1) may use.
const (
	meminfoPath  = "/proc/meminfo"
	cgroupV2Path = "/sys/fs/cgroup/memory.max"
	cgroupV1Path = "/sys/fs/cgroup/memory/memory.limit_in_bytes"
)

// halfMemoryMiB is half the memory this process may use in MiB, else 0
// (no bound known).
func halfMemoryMiB() int {
	mib := 0
	if f, err := os.Open(meminfoPath); err == nil {
		mib = memTotalMiB(f)
		f.Close()
	}
	for _, path := range []string{cgroupV2Path, cgroupV1Path} {
		if b, err := os.ReadFile(path); err == nil {
			if limit := cgroupLimitMiB(string(b)); limit > 0 && (mib == 0 || limit < mib) {
				mib = limit
			}
			break
		}
	}
	if mib == 0 {
		return 0
	}
	return max(mib/2, 1)
}

// memTotalMiB reads MemTotal from /proc/meminfo text, 0 when absent.
func memTotalMiB(r io.Reader) int {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kib, err := strconv.Atoi(fields[1])
			if err != nil {
				return 0
			}
			return kib / 1024
		}
	}
	return 0
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
