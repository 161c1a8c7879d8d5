// Make: a zeroed slice of any element type whose memory is asked to be
// backed by huge pages.

package hugepages

import "unsafe"

// Size is the size of a huge page on the systems that have them (x86-64
// and arm64 Linux): the alignment Make gives a large slice.
const Size = 2 << 20

// Make is make([]T, n), zeroed, whose memory the system is asked to back
// with huge pages when it is at least one huge page long and T's size
// divides Size (a power of two up to the heap's 8 KiB alignment of large
// allocations): the slice then starts at a huge page's boundary, within
// an allocation of at most two huge pages more. Otherwise it is make([]T,
// n).
func Make[T any](n int) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if size == 0 || size > heapAlign || Size%size != 0 || n < Size/size {
		return make([]T, n)
	}
	perPage := Size / size
	whole := (n + perPage - 1) / perPage * perPage // n rounded up to whole huge pages
	buf := make([]T, whole+perPage)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	if start%uintptr(size) != 0 {
		return buf[:n:n]
	}
	skip := int((Size-start%Size)%Size) / size
	advise(unsafe.Pointer(&buf[skip]), whole*size)
	return buf[skip : skip+n : skip+n]
}

// heapAlign is the alignment the Go heap gives an allocation of a huge
// page or more (its page size), so that any element size up to it that
// divides Size divides the distance to the next huge page too.
const heapAlign = 8 << 10
