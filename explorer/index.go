// The index: games added one at a time or read from PDN, their positions'
// records gathered in a buffer that is sorted into a run when full, and
// the runs merged while they are of like size.

package explorer

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/pdn"
)

// Sizes of the index's storage, in entries.
const (
	// bufferSize is the records that wait to be sorted into a run (16
	// bytes each).
	bufferSize = 1 << 18
	// maxMerged bounds a run made by merging (some 10 bytes an entry), and
	// so the memory a merge needs besides the runs it merges.
	maxMerged = 8 * bufferSize
)

// Stats counts the games offered to an index.
type Stats struct {
	Games    int    // indexed
	Skipped  int    // that could not be read or replayed
	Filtered int    // left out by the filter
	Reason   string // why the first game skipped was skipped, "" for none
}

// add adds the counts of s to st, keeping st's first reason.
func (st *Stats) add(s Stats) {
	st.Games += s.Games
	st.Skipped += s.Skipped
	st.Filtered += s.Filtered
	if st.Reason == "" {
		st.Reason = s.Reason
	}
}

// skip counts a skipped game and why.
func (st *Stats) skip(why string) {
	st.Skipped++
	if st.Reason == "" {
		st.Reason = why
	}
}

// Index is the games of an explorer by position.
type Index struct {
	filter     Filter
	bufferSize int // records the buffer holds before a run is made
	maxMerged  int

	mu     sync.RWMutex
	runs   []run
	buffer []record
	stats  Stats

	// the scratch of one game's replay and of sorting, under mu
	moves  *engine.MoveList
	game   []record
	sorter sorter
}

// New is an empty index of the games f keeps.
func New(f Filter) (*Index, error) {
	if err := f.Check(); err != nil {
		return nil, err
	}
	return &Index{filter: f, bufferSize: bufferSize, maxMerged: maxMerged, moves: new(engine.MoveList)}, nil
}

// Stats counts the games offered to the index so far.
func (x *Index) Stats() Stats {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.stats
}

// Len is the number of the index's entries: the moves played from each
// position, and the positions where games ended, in each of its runs (a
// move found in games added at different times may have more than one).
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	n := 0
	for i := range x.runs {
		n += x.runs[i].len()
	}
	return n
}

// Add indexes one game, unless the filter leaves it out; a game that
// cannot be replayed is skipped, with an error saying why.
func (x *Index) Add(g *pdn.Game) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	var st Stats
	x.add(g, &st, 0)
	x.flush()
	x.stats.add(st)
	if st.Skipped > 0 {
		return errors.New(st.Reason)
	}
	return nil
}

// Read indexes the games of a PDN stream: those the filter keeps, a game
// that cannot be read or replayed skipped. The error is reading's.
func (x *Index) Read(r io.Reader) (Stats, error) {
	var st Stats
	x.mu.Lock()
	x.buffer = slices.Grow(x.buffer, x.bufferSize)
	x.mu.Unlock()
	defer func() {
		x.mu.Lock()
		defer x.mu.Unlock()
		x.flush()
		x.buffer, x.sorter = nil, sorter{} // a large read's scratch is not kept for single games
		x.stats.add(st)
	}()
	pr := pdn.NewReader(r)
	for n := 1; ; n++ {
		g, err := pr.Read()
		if err == io.EOF {
			return st, nil
		}
		if err != nil {
			if !pr.Resync() {
				return st, err
			}
			st.skip(fmt.Sprintf("game %d: %v", n, err))
			continue
		}
		x.mu.Lock()
		x.add(g, &st, n)
		x.mu.Unlock()
	}
}

// ReadFile indexes the games of a PDN file (Read). A file that cannot be
// opened or read, or none of whose games could be read, is an error.
func (x *Index) ReadFile(path string) (Stats, error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	st, err := x.Read(f) // pdn's reader has a buffer of its own
	switch {
	case err != nil:
		return st, fmt.Errorf("%s: %v", path, err)
	case st.Games == 0 && st.Skipped > 0:
		return st, fmt.Errorf("%s: no game could be read (%d skipped; %s)", path, st.Skipped, st.Reason)
	}
	return st, nil
}

// add indexes g, counting it in st; n is its number in a PDN stream (from
// 1), which a reason to skip it names, or 0. The caller holds mu.
func (x *Index) add(g *pdn.Game, st *Stats, n int) {
	if !x.filter.keeps(g) {
		st.Filtered++
		return
	}
	if err := x.replay(g); err != nil {
		if n > 0 {
			err = fmt.Errorf("game %d: %v", n, err)
		}
		st.skip(err.Error())
		return
	}
	st.Games++
	x.buffer = append(x.buffer, x.game...)
	if len(x.buffer) >= x.bufferSize {
		x.flush()
	}
}

// flush sorts the buffer into a run, and merges the last runs while the
// newer is at least half the size of the one before. The caller holds mu.
func (x *Index) flush() {
	if len(x.buffer) == 0 {
		return
	}
	x.sorter.sort(x.buffer)
	entries := 0
	for i := range x.buffer {
		if i == 0 || x.buffer[i].key != x.buffer[i-1].key || x.buffer[i].info&ordinalMask != x.buffer[i-1].info&ordinalMask {
			entries++
		}
	}
	r := newRun(entries)
	for i := 0; i < len(x.buffer); {
		b := x.buffer[i]
		var t tally
		for ; i < len(x.buffer) && x.buffer[i].key == b.key && x.buffer[i].info&ordinalMask == b.info&ordinalMask; i++ {
			t[x.buffer[i].info&resultMask>>ordinalBits]++
		}
		r.add(b.key, b.info&ordinalMask, t)
	}
	x.buffer = x.buffer[:0]
	x.runs = append(x.runs, compact(r))
	for n := len(x.runs); n >= 2; n-- {
		prev, last := &x.runs[n-2], &x.runs[n-1]
		if 2*last.len() < prev.len() || prev.len()+last.len() > x.maxMerged {
			break
		}
		x.runs = append(x.runs[:n-2], compact(merge(prev, last)))
	}
}

// compact is r in no more memory than its entries need, give or take
// a sixteenth.
func compact(r run) run {
	return run{keys: fit(r.keys), infos: fit(r.infos), multiAt: fit(r.multiAt), multi: fit(r.multi)}
}

// fit is s, or a copy of it when s has much unused room.
func fit[S ~[]E, E any](s S) S {
	if cap(s)-len(s) <= len(s)/16 {
		return s
	}
	return slices.Clone(s)
}

// bytes is the memory the index holds.
func (x *Index) bytes() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	n := 16 * cap(x.buffer)
	for i := range x.runs {
		n += x.runs[i].bytes()
	}
	return n
}
