// A bound on the transposition table's size, so that a huge hash request
// gives a smaller table instead of killing the process when the memory
// cannot be had (Go cannot recover from running out of memory).

package search

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// halfPhysicalMiB is half the machine's physical memory in MiB where the
// system says it (Linux /proc/meminfo), else 0 (no bound).
func halfPhysicalMiB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kib, err := strconv.Atoi(fields[1])
			if err != nil {
				return 0
			}
			return max(kib/1024/2, 1)
		}
	}
	return 0
}
