// The transposition table: a lock-free hash table shared by all search
// threads. Each entry is two atomic words, the data and the key XOR the
// data, so a torn write from another thread fails the key check instead of
// handing back another position's data. An entry holds the node's score
// and bound, its depth, its static evaluation and its best move (as its
// index in the generated move list).

package search

import (
	"math"
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

// A bucket holds four entries in 64 bytes (one cache line): three
// depth-preferred slots, which keep the deepest entries of the current
// search, and an always-replace slot for what they turn away.
const (
	bucketSize    = 4
	alwaysReplace = bucketSize - 1
)

type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64 // packed ttData
}

type ttBucket [bucketSize]ttEntry

// noEval is the static evaluation of an entry whose node had none (a
// position with a capture is never evaluated).
const noEval Score = math.MinInt16

// ttData is an unpacked entry. The packed layout, low bit first: score 16,
// static evaluation 16, depth 7, bound 2, generation 6, has-move 1, move
// index 15. The move is its index in the position's generated list: the
// key check makes the position the same, so the list is too, and the
// search takes the index only below the list's length, so even a key
// collision gives a legal move.
type ttData struct {
	score   Score
	eval    Score // static evaluation before the no-progress fade, or noEval
	depth   int   // 0 to 127
	bound   bound
	gen     uint8
	hasMove bool
	index   int // index of the move in the position's generated list
}

// ttMaxIndex is the largest move index an entry can hold.
const ttMaxIndex = 1<<15 - 1

func (d ttData) pack() uint64 {
	w := uint64(uint16(int16(d.score))) |
		uint64(uint16(int16(d.eval)))<<16 |
		uint64(d.depth&127)<<32 |
		uint64(d.bound&3)<<39 |
		uint64(d.gen&63)<<41
	if d.hasMove && d.index <= ttMaxIndex {
		w |= 1<<47 | uint64(d.index)<<48
	}
	return w
}

func unpack(w uint64) ttData {
	return ttData{
		score:   Score(int16(uint16(w))),
		eval:    Score(int16(uint16(w >> 16))),
		depth:   int(w>>32) & 127,
		bound:   bound(w>>39) & 3,
		gen:     uint8(w>>41) & 63,
		hasMove: w>>47&1 != 0,
		index:   int(w>>48) & ttMaxIndex,
	}
}

// table is the transposition table.
type table struct {
	buckets []ttBucket
	gen     uint8 // generation of the current search, 0..63; written only while idle
}

// prefaultMiB bounds the tables that newTable clears when it makes them:
// clearing takes some 5 ms a 16 MiB on an idle machine (a page fault a
// page), so a larger table would hold up the engine's start (a match
// gives it 10 s) for more than its first search gains; a search touches
// only part of a large table, and pays only for the pages it touches.
const prefaultMiB = 256

// newTable makes a table of about mib MiB (at least one bucket), and
// clears one of at most prefaultMiB: the system gives a new allocation its
// memory page by page, at the first write to each, and clearing makes
// those writes now rather than in the first search, on its clock.
func newTable(mib int) *table {
	n := max(uint64(mib)<<20/64, 1)
	t := &table{buckets: make([]ttBucket, n)}
	if mib <= prefaultMiB {
		t.clear()
	}
	return t
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

// store saves d for key: in the entry of the same key if there is one,
// else in the depth-preferred slot of least value (an empty one, then one
// of an earlier search, then the shallowest) if that entry is no deeper
// than d or of an earlier search, else in the always-replace slot. A new
// entry without a move keeps the move already stored for the same key,
// and one without a static evaluation keeps the stored evaluation.
func (t *table) store(key uint64, d ttData) {
	d.gen = t.gen
	b := t.bucket(key)
	slot, least, found := alwaysReplace, 1<<30, false
	for i := range b {
		w := b[i].data.Load()
		if b[i].check.Load()^w == key && w != 0 {
			old := unpack(w)
			if !d.hasMove && old.hasMove {
				d.hasMove, d.index = true, old.index
			}
			if d.eval == noEval {
				d.eval = old.eval
			}
			slot, found = i, true
			break
		}
		if i == alwaysReplace {
			continue
		}
		v := -1 << 30 // an empty entry goes first, then those of earlier searches
		if w != 0 {
			old := unpack(w)
			v = old.depth
			if old.gen != t.gen {
				v -= 1 << 20
			}
		}
		if v < least {
			slot, least = i, v
		}
	}
	if !found && least > d.depth {
		slot = alwaysReplace
	}
	w := d.pack()
	b[slot].data.Store(w)
	b[slot].check.Store(key ^ w)
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
