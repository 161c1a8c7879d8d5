// The request for huge pages on Linux: madvise(MADV_HUGEPAGE).

package hugepages

import (
	"syscall"
	"unsafe"
)

// advise asks Linux to back the n bytes at p, whole huge pages from a huge
// page's boundary, with transparent huge pages: at once where the
// system's setting is "always" or "madvise", as the pages are first
// written. An error (a kernel without them) leaves ordinary pages, which
// serve as well, so it is not reported.
func advise(p unsafe.Pointer, n int) {
	_ = syscall.Madvise(unsafe.Slice((*byte)(p), n), syscall.MADV_HUGEPAGE)
}
