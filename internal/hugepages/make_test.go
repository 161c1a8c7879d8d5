// Tests of Make: sizes, zeroes, and the huge-page alignment of large
// slices.

package hugepages

import (
	"testing"
	"unsafe"
)

// bucket is an element the size of a transposition-table bucket.
type bucket [8]uint64

func checkZeroedAndWritable[T comparable](t *testing.T, n int, mark T) []T {
	t.Helper()
	s := Make[T](n)
	if len(s) != n || cap(s) != n {
		t.Fatalf("Make(%d): len %d cap %d, want both %d", n, len(s), cap(s), n)
	}
	var zero T
	for i := range s {
		if s[i] != zero {
			t.Fatalf("Make(%d)[%d] = %v, want zero", n, i, s[i])
		}
		s[i] = mark
	}
	for i := range s {
		if s[i] != mark {
			t.Fatalf("Make(%d)[%d] lost its write", n, i)
		}
	}
	return s
}

func TestMakeGivesZeroedSlicesOfTheLengthAsked(t *testing.T) {
	for _, n := range []int{0, 1, 1000, Size/4 - 1, Size / 4, Size/4 + 1, 3*Size/4 + 7} {
		checkZeroedAndWritable(t, n, uint32(0xdeadbeef))
	}
	for _, n := range []int{0, 5, Size / 64, Size/64 + 3} {
		checkZeroedAndWritable(t, n, bucket{1, 2, 3, 4, 5, 6, 7, 8})
	}
	for _, n := range []int{0, 5, Size} {
		checkZeroedAndWritable(t, n, [3]byte{1, 2, 3}) // a size that does not divide Size
	}
}

func TestALargeSliceStartsOnAHugePage(t *testing.T) {
	for _, n := range []int{Size / 4, Size/4 + 1, 5 * Size / 4} {
		s := Make[uint32](n)
		if at := uintptr(unsafe.Pointer(&s[0])); at%Size != 0 {
			t.Errorf("Make[uint32](%d) starts at %#x, %d bytes past a huge page", n, at, at%Size)
		}
	}
	b := Make[bucket](Size / 64)
	if at := uintptr(unsafe.Pointer(&b[0])); at%Size != 0 {
		t.Errorf("Make[bucket] of one huge page starts at %#x, not on a huge page", at)
	}
}
