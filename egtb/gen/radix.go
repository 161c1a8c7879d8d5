// Sorting the slot numbers of a level: in parts on goroutines, each by an
// in-place radix sort (American flag sort): the keys of
// a level are sorted by their bytes from the highest used one down, each
// pass placing every key in its byte's bucket by swaps, without a second
// array; small buckets are left to slices.Sort.

package gen

import (
	"math/bits"
	"slices"
	"sync"
)

// radixSmall is the bucket size below which a comparison sort is faster
// than another pass.
const radixSmall = 64

// radixSort sorts list in increasing order.
func radixSort(list []uint32) {
	var high uint32
	for _, v := range list {
		high |= v
	}
	if used := bits.Len32(high); used > 0 {
		radixSortFrom(list, uint(used-1)/8*8)
	}
}

// radixSortFrom sorts list, whose keys agree above bit shift+8, by their
// byte at shift and then the lower ones.
func radixSortFrom(list []uint32, shift uint) {
	if len(list) < radixSmall {
		slices.Sort(list)
		return
	}
	var start, end [256]int
	for _, v := range list {
		end[v>>shift&255]++
	}
	sum := 0
	for b, n := range end {
		start[b], sum = sum, sum+n
		end[b] = sum
	}
	next := start // the first place of each bucket not yet filled
	for b := range next {
		for next[b] < end[b] {
			// Carry the key found here to its bucket, taking the key
			// there on, until one belongs here.
			v := list[next[b]]
			for d := v >> shift & 255; int(d) != b; d = v >> shift & 255 {
				list[next[d]], v = v, list[next[d]]
				next[d]++
			}
			list[next[b]] = v
			next[b]++
		}
	}
	if shift == 0 {
		return
	}
	for b := range start {
		if end[b]-start[b] > 1 {
			radixSortFrom(list[start[b]:end[b]], shift-8)
		}
	}
}

// sortInParts sorts each of threads consecutive parts of list, the parts
// in parallel: within each part the order a sort gives, without a sort of
// the whole list on one goroutine.
func sortInParts(threads int, list []uint32) {
	part := max((len(list)+threads-1)/threads, 1)
	var wg sync.WaitGroup
	for lo := 0; lo < len(list); lo += part {
		wg.Go(func() { radixSort(list[lo:min(lo+part, len(list))]) })
	}
	wg.Wait()
}
