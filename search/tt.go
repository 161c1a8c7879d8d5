// The transposition table: a lock-free hash table shared by all search
// threads. Each entry is two atomic words, the data and the key XOR the
// data, so a torn write from another thread fails the key check instead of
// handing back another position's data. A stored move is only a hint (its
// start and final squares and its index in the generated move list); the
// search accepts it only if it matches a generated move.

package search

import (
	"math/bits"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// bound says how a stored score relates to the true score.
type bound uint8

const (
	boundUpper bound = 1 // the true score is at most the stored one (fail low)
	boundLower bound = 2 // the true score is at least the stored one (fail high)
	boundExact bound = 3
)

// bucketSize entries share one 64-byte bucket (one cache line).
const bucketSize = 4

type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64 // packed ttData
}

type ttBucket [bucketSize]ttEntry

// ttData is an unpacked entry. The packed layout, low bit first:
// score 16, depth 8, bound 2, generation 6, from 6, to 6, move index 9,
// has-move 1.
type ttData struct {
	score   Score
	depth   int
	bound   bound
	gen     uint8
	from    uint8
	to      uint8
	index   int // index of the move in the position's generated list
	hasMove bool
}

func (d ttData) pack() uint64 {
	w := uint64(uint16(int16(d.score))) |
		uint64(uint8(d.depth))<<16 |
		uint64(d.bound&3)<<24 |
		uint64(d.gen&63)<<26
	if d.hasMove {
		w |= uint64(d.from&63)<<32 | uint64(d.to&63)<<38 | uint64(d.index&511)<<44 | 1<<53
	}
	return w
}

func unpack(w uint64) ttData {
	return ttData{
		score:   Score(int16(uint16(w))),
		depth:   int(uint8(w >> 16)),
		bound:   bound(w>>24) & 3,
		gen:     uint8(w>>26) & 63,
		from:    uint8(w>>32) & 63,
		to:      uint8(w>>38) & 63,
		index:   int(w>>44) & 511,
		hasMove: w>>53&1 != 0,
	}
}

// table is the transposition table.
type table struct {
	buckets []ttBucket
	gen     uint8 // generation of the current search, 0..63; written only while idle
}

// newTable makes a table of about mib MiB (at least one bucket).
func newTable(mib int) *table {
	n := max(uint64(mib)<<20/64, 1)
	return &table{buckets: make([]ttBucket, n)}
}

// bucket is the bucket of key: the high half of key × number of buckets,
// which spreads keys evenly over any table size.
func (t *table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// probe looks key up.
func (t *table) probe(key uint64) (ttData, bool) {
	b := t.bucket(key)
	for i := range b {
		w := b[i].data.Load()
		if b[i].check.Load()^w == key && w != 0 {
			return unpack(w), true
		}
	}
	return ttData{}, false
}

// store saves d for key, replacing the entry of the same key or else the
// one of least value (shallow and old entries go first). A new entry
// without a move keeps the move already stored for the same key.
func (t *table) store(key uint64, d ttData) {
	d.gen = t.gen
	b := t.bucket(key)
	victim, worst := 0, 1<<30
	for i := range b {
		w := b[i].data.Load()
		if b[i].check.Load()^w == key && w != 0 {
			old := unpack(w)
			if !d.hasMove && old.hasMove {
				d.hasMove, d.from, d.to, d.index = true, old.from, old.to, old.index
			}
			victim = i
			break
		}
		old := unpack(w)
		v := old.depth - 8*int((t.gen-old.gen)&63)
		if w == 0 {
			v = -1 << 30 // an empty entry goes first
		}
		if v < worst {
			victim, worst = i, v
		}
	}
	w := d.pack()
	b[victim].data.Store(w)
	b[victim].check.Store(key ^ w)
}

// clear empties the table; only while no search runs (the search that
// follows is ordered after it by the Searcher's lock and goroutine start).
// A large table is cleared by all cores at once, in chunks of
// clearChunk buckets.
func (t *table) clear() {
	const clearChunk = 1 << 18 // 16 MiB
	n := len(t.buckets)
	if n <= clearChunk {
		clear(t.buckets)
	} else {
		var g errgroup.Group
		g.SetLimit(runtime.GOMAXPROCS(0))
		for lo := 0; lo < n; lo += clearChunk {
			part := t.buckets[lo:min(lo+clearChunk, n)]
			g.Go(func() error {
				clear(part)
				return nil
			})
		}
		_ = g.Wait() // clearing returns no errors
	}
	t.gen = 0
}

// hashfull is the permille of the first thousand entries that belong to
// the current search.
func (t *table) hashfull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for j := range t.buckets[i] {
			w := t.buckets[i][j].data.Load()
			if w != 0 && unpack(w).gen == t.gen {
				used++
			}
			n++
		}
	}
	return used * 1000 / max(n, 1)
}
