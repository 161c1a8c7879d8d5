// On Linux, the mapping of a large slice carries the huge-page request
// (the "hg" flag of /proc/self/smaps).

package hugepages

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// vmFlags is the VmFlags line of the mapping of /proc/self/smaps that
// holds address at, "" when none does.
func vmFlags(t *testing.T, at uintptr) string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	inside := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := strings.Cut(strings.Fields(line + " ")[0], "-"); ok && !strings.HasSuffix(lo, ":") {
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				inside = uint64(at) >= l && uint64(at) < h
				continue
			}
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && inside {
			return flags
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ""
}

func TestALargeSliceAsksForHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("this kernel has no transparent huge pages:", err)
	}
	s := Make[uint32](Size / 2) // two huge pages
	flags := vmFlags(t, uintptr(unsafe.Pointer(&s[0])))
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the mapping of a two-huge-page slice has VmFlags %q, without hg (MADV_HUGEPAGE)", flags)
	}
}
