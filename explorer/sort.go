// Sorting the buffer's records by key and then move: dealt into buckets by
// their key's top bits, then each bucket sorted. Keys are hashes, so the
// buckets are small, but for positions that many games reach (the first
// plies), whose buckets are sorted by comparison.

package explorer

import (
	"cmp"
	"slices"
)

// bucketBits are the top bits of a key that choose its bucket.
const bucketBits = 16

// sorter holds the scratch of sorting: a copy of the records dealt into
// buckets, and where each bucket ends.
type sorter struct {
	dealt []record
	ends  []int32
}

// sort sorts recs by key and then move.
func (s *sorter) sort(recs []record) {
	if len(recs) < 1<<bucketBits {
		slices.SortFunc(recs, compareRecords)
		return
	}
	if s.ends == nil {
		s.ends = make([]int32, 1<<bucketBits)
	}
	s.dealt = slices.Grow(s.dealt[:0], len(recs))[:len(recs)]
	clear(s.ends)
	for _, r := range recs {
		s.ends[r.key>>(64-bucketBits)]++
	}
	var end int32
	for b, n := range s.ends {
		s.ends[b] = end // where bucket b starts, for now
		end += n
	}
	for _, r := range recs {
		b := r.key >> (64 - bucketBits)
		s.dealt[s.ends[b]] = r
		s.ends[b]++ // at the end, where bucket b ends
	}
	start := 0
	for _, e := range s.ends {
		bucket := s.dealt[start:e]
		if len(bucket) > 1 {
			slices.SortFunc(bucket, compareRecords)
		}
		start = int(e)
	}
	copy(recs, s.dealt)
}

// compareRecords orders records by key and then move.
func compareRecords(a, b record) int {
	return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.info&ordinalMask, b.info&ordinalMask))
}
