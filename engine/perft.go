// Perft: counting the leaves of the legal move tree, the move generator's
// correctness check and speed benchmark; optionally with a shared hash table
// and several goroutines.

package engine

import (
	"sort"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// PerftOptions choose how perft counts.
type PerftOptions struct {
	Bulk    bool // count the last ply's moves without playing them
	HashMiB int  // size of a shared table of subtree counts; 0 = none
	Threads int  // goroutines sharing the root moves; < 1 means 1
}

// Perft counts the leaves of the tree of legal moves of the given depth
// from p. With bulk counting the last ply is counted without being played.
func Perft(p *Position, depth int, bulk bool) uint64 {
	return newPerfter(depth, PerftOptions{Bulk: bulk}).count(*p, depth)
}

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  string // full notation
	Nodes uint64
}

// PerftDivide counts the leaves below each root move, sorted by notation;
// the total is their sum (1 at depth 0).
func PerftDivide(p *Position, depth int, opt PerftOptions) ([]DivideEntry, uint64) {
	if depth <= 0 {
		return nil, 1
	}
	moves := p.LegalMoves()
	entries := make([]DivideEntry, len(moves))
	var table *perftTable
	if opt.HashMiB > 0 {
		table = newPerftTable(opt.HashMiB)
	}
	var g errgroup.Group
	g.SetLimit(max(opt.Threads, 1))
	for i, m := range moves {
		entries[i].Move = p.FormatMove(m)
		g.Go(func() error {
			pf := newPerfter(depth-1, opt)
			pf.table = table
			q := p.Play(m)
			entries[i].Nodes = pf.count(q, depth-1)
			return nil
		})
	}
	_ = g.Wait() // the goroutines return no errors
	sort.Slice(entries, func(i, j int) bool { return entries[i].Move < entries[j].Move })
	var total uint64
	for _, e := range entries {
		total += e.Nodes
	}
	return entries, total
}

// PerftWithOptions counts like Perft, with a table and threads as chosen.
func PerftWithOptions(p *Position, depth int, opt PerftOptions) uint64 {
	if opt.Threads <= 1 && opt.HashMiB == 0 {
		return Perft(p, depth, opt.Bulk)
	}
	_, n := PerftDivide(p, depth, opt)
	return n
}

// perfter is one goroutine's perft state: move lists per ply, reused.
type perfter struct {
	lists   []MoveList
	bulk    bool
	table   *perftTable
	sink    uint64   // XOR of leaf keys, so that leaf moves are really played
	scratch MoveList // capture list for bulk counting
}

func newPerfter(depth int, opt PerftOptions) *perfter {
	return &perfter{lists: make([]MoveList, max(depth, 1)), bulk: opt.Bulk}
}

func (pf *perfter) count(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if pf.bulk && depth == 1 {
		return uint64(p.countMoves(&pf.scratch))
	}
	if pf.table != nil && depth >= 2 {
		if n, ok := pf.table.probe(p.key, depth); ok {
			return n
		}
	}
	l := &pf.lists[depth-1]
	p.GenerateMoves(l)
	var n uint64
	if depth == 1 { // every leaf move is played, as --no-bulk promises
		var keys uint64
		for _, m := range l.Slice() {
			q := p.Play(m)
			keys ^= q.key
		}
		pf.sink ^= keys
		return uint64(l.Len)
	}
	for _, m := range l.Slice() {
		n += pf.count(p.Play(m), depth-1)
	}
	if pf.table != nil && depth >= 2 {
		pf.table.store(p.key, depth, n)
	}
	return n
}

// perftTable maps (key, depth) to a subtree count. Each entry is two atomic
// words, the second holding the data and the first the key XOR the data, so
// a torn write from another goroutine fails the check instead of giving a
// wrong count.
type perftTable struct {
	entries []perftEntry
	mask    uint64
}

type perftEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64 // count << 8 | depth
}

func newPerftTable(mib int) *perftTable {
	n := uint64(1)
	for n*2*16 <= uint64(mib)<<20 {
		n *= 2
	}
	return &perftTable{entries: make([]perftEntry, n), mask: n - 1}
}

func (t *perftTable) probe(key uint64, depth int) (uint64, bool) {
	e := &t.entries[key&t.mask]
	data := e.data.Load()
	if e.check.Load()^data != key || int(data&0xFF) != depth {
		return 0, false
	}
	return data >> 8, true
}

func (t *perftTable) store(key uint64, depth int, n uint64) {
	if n >= 1<<56 {
		return // does not fit; counting again is always correct
	}
	e := &t.entries[key&t.mask]
	data := n<<8 | uint64(depth)
	e.data.Store(data)
	e.check.Store(key ^ data)
}
