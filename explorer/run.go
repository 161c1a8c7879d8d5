// The index's storage: sorted runs of entries, one entry for each move
// played from a position, with its counts; built from sorted records or by
// merging two runs, and searched by key.

package explorer

import (
	"slices"

	"github.com/dameo/dameo/engine"
)

// An info is an entry's move and, for an entry of one game, its result:
// the move's index among the position's legal moves in the low
// ordinalBits (or ended: the game ended in the position), the result's
// index in a tally above them, and multiFlag for an entry of more than one
// game, whose counts the run keeps apart.
const (
	ordinalBits = 12
	ordinalMask = 1<<ordinalBits - 1
	ended       = ordinalMask
	resultMask  = 3 << ordinalBits
	multiFlag   = 1 << 15
)

// Every legal move's index fits below ended.
const _ = uint(ended - engine.MaxMoves)

// Indexes of a tally's counts.
const (
	whiteWins = iota
	draws
	blackWins
	unfinished
)

// tally is the games of an entry by how they ended: White won, drawn,
// Black won, unfinished (or of unknown result).
type tally [4]uint32

func (t tally) games() uint32 { return t[0] + t[1] + t[2] + t[3] }

// add adds u to t.
func (t *tally) add(u tally) {
	for i := range t {
		t[i] += u[i]
	}
}

// run is entries sorted by key and then move: keys[i] and infos[i] are
// entry i; multiAt lists in order the entries of more than one game, and
// multi their tallies.
type run struct {
	keys    []uint64
	infos   []uint16
	multiAt []uint32
	multi   []tally
}

func (r *run) len() int { return len(r.keys) }

// bytes is the memory the run holds.
func (r *run) bytes() int {
	return 8*cap(r.keys) + 2*cap(r.infos) + 4*cap(r.multiAt) + 16*cap(r.multi)
}

// newRun is an empty run with room for n entries.
func newRun(n int) run {
	return run{keys: make([]uint64, 0, n), infos: make([]uint16, 0, n)}
}

// add appends an entry; key and move must not come before the last one's.
func (r *run) add(key uint64, move uint16, t tally) {
	info := move
	if t.games() == 1 {
		for i, n := range t {
			if n == 1 {
				info |= uint16(i) << ordinalBits
			}
		}
	} else {
		info |= multiFlag
		r.multiAt = append(r.multiAt, uint32(len(r.keys)))
		r.multi = append(r.multi, t)
	}
	r.keys = append(r.keys, key)
	r.infos = append(r.infos, info)
}

// tallyOf is entry i's counts; m is its index in multi when it has more
// than one game.
func (r *run) tallyOf(i, m int) tally {
	info := r.infos[i]
	if info&multiFlag != 0 {
		return r.multi[m]
	}
	var t tally
	t[info&resultMask>>ordinalBits] = 1
	return t
}

// visit calls f with the move and counts of every entry of key.
func (r *run) visit(key uint64, f func(move uint16, t tally)) {
	i, _ := slices.BinarySearch(r.keys, key)
	m, _ := slices.BinarySearch(r.multiAt, uint32(i))
	for ; i < len(r.keys) && r.keys[i] == key; i++ {
		f(r.infos[i]&ordinalMask, r.tallyOf(i, m))
		if r.infos[i]&multiFlag != 0 {
			m++
		}
	}
}

// cursor walks a run's entries in order.
type cursor struct {
	r    *run
	i, m int
}

func (c *cursor) done() bool { return c.i == len(c.r.keys) }

// less reports whether c's entry comes before d's (d done: true).
func (c *cursor) less(d *cursor) bool {
	if d.done() {
		return true
	}
	a, b := c.r.keys[c.i], d.r.keys[d.i]
	return a < b || a == b && c.move() < d.move()
}

func (c *cursor) same(d *cursor) bool {
	return !d.done() && c.r.keys[c.i] == d.r.keys[d.i] && c.move() == d.move()
}

func (c *cursor) move() uint16 { return c.r.infos[c.i] & ordinalMask }

// take is the entry's key, move and counts, and moves on.
func (c *cursor) take() (uint64, uint16, tally) {
	key, move, t := c.r.keys[c.i], c.move(), c.r.tallyOf(c.i, c.m)
	if c.r.infos[c.i]&multiFlag != 0 {
		c.m++
	}
	c.i++
	return key, move, t
}

// merge is one run of the entries of a and b, the counts of an entry both
// have added.
func merge(a, b *run) run {
	out := newRun(a.len() + b.len())
	ca, cb := &cursor{r: a}, &cursor{r: b}
	for !ca.done() || !cb.done() {
		if ca.done() || !cb.done() && cb.less(ca) {
			ca, cb = cb, ca
		}
		both := ca.same(cb)
		key, move, t := ca.take()
		if both {
			_, _, u := cb.take()
			t.add(u)
		}
		out.add(key, move, t)
	}
	return out
}
