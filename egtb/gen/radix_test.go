// Tests of the radix sort against slices.Sort.

package gen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadixSortSorts sorts random lists of many sizes and key ranges
// (few distinct keys, keys of one to four bytes) as slices.Sort does.
func TestRadixSortSorts(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{0, 1, 2, 63, 64, 65, 300, 5000, 100000} {
		for _, limit := range []uint32{1, 3, 255, 256, 1 << 16, 1<<24 + 5, 1<<32 - 1} {
			list := make([]uint32, n)
			for i := range list {
				list[i] = rng.Uint32N(limit)
			}
			want := slices.Sorted(slices.Values(list))
			radixSort(list)
			if !slices.Equal(list, want) {
				t.Fatalf("%d keys below %d: not sorted as slices.Sort sorts them", n, limit)
			}
		}
	}
}
