// The table's memory is in place when New returns (Linux: mincore says
// which pages of a range the process has been given).

package search

import (
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// residentShare is the share of the pages of t's buckets that are in
// memory.
func residentShare(t *testing.T, tt *table) float64 {
	t.Helper()
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(&tt.buckets[0]))
	end := start + uintptr(len(tt.buckets))*unsafe.Sizeof(tt.buckets[0])
	start &^= page - 1
	vec := make([]byte, (end-start+page-1)/page)
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, start, end-start, uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatalf("mincore: %v", errno)
	}
	in := 0
	for _, v := range vec {
		in += int(v & 1)
	}
	return float64(in) / float64(len(vec))
}

// TestNewTableIsResident: a new table's pages are given to the process
// when it is made (they are written once), not one by one as the first
// search reaches them.
func TestNewTableIsResident(t *testing.T) {
	tt := newTable(prefaultMiB / 2)
	if share := residentShare(t, tt); share < 0.99 {
		t.Fatalf("%.1f%% of a new table's pages are in memory, want all", 100*share)
	}
}
