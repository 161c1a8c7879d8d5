// The table's memory is in place when New returns (Linux: the resident set
// size says how much memory the process has been given).

package search

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// residentKiB is the process's resident set size (VmRSS) in KiB.
func residentKiB(t *testing.T) int {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}

// TestNewTableIsResident: a new table's pages are given to the process
// when it is made (they are written once), not one by one as the first
// search reaches them. The table is far larger than anything else the
// test allocates, and its memory must nearly all be resident.
func TestNewTableIsResident(t *testing.T) {
	const mib = 128
	runtime.GC()
	before := residentKiB(t)
	tt := newTable(mib)
	grown := residentKiB(t) - before
	if grown < mib*1024*9/10 {
		t.Fatalf("the resident set grew by %d KiB for a table of %d KiB: its memory is not in place", grown, mib*1024)
	}
	runtime.KeepAlive(tt)
}
