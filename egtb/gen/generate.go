// Retrograde generation of the tables: each material with its colour swap
// (a quiet move of one leads into the other), after the tables that
// captures and promotions lead into. Values propagate backwards from the
// positions already decided, level by level of distance, through un-moves.

package gen

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// solver solves one material together with its swap: the unit's slots are
// those of its one or two tables, one after the other.
type solver struct {
	done    *egtb.Tables
	layouts []*layout.Layout
	base    []uint64 // first unit slot of each table
	// state is written plainly by initialization (each slot by one
	// goroutine), then read and changed atomically by propagation.
	state []uint32
	// decided holds, a bit each (cache-friendlier than state), the slots
	// that un-moves pass by: won or lost, or with a capture.
	decided decidedSet
}

// decidedSet is a set of unit slots, one bit each, safe for concurrent use.
type decidedSet []atomic.Uint64

func (d decidedSet) has(u uint64) bool { return d[u>>6].Load()&(1<<(u&63)) != 0 }

func (d decidedSet) add(u uint64) { d[u>>6].Or(1 << (u & 63)) }

// workerScratch is one goroutine's reusable storage.
type workerScratch struct {
	moves      engine.MoveList
	successors []uint64   // distinct quiet successors of the position being initialized, when they need counting
	exits      exitValues // its captures' and promotions' values
	capture    bool       // whether it has a capture
	unmover    unmover
	// decided at a later level: by level, the unit slots that then win or lose
	wins, losses [][]uint32
	// decided at the next level, by key (see key): won and lost
	nextWon, nextLost []uint32
	states            []uint32 // the states of the predecessors being updated
}

func solve(ctx context.Context, done *egtb.Tables, unit []egtb.Material, threads int) ([]*egtb.Table, error) {
	s := &solver{done: done}
	var total uint64
	for _, mat := range unit {
		l := layout.Of(mat.Counts())
		s.layouts = append(s.layouts, l)
		s.base = append(s.base, total)
		total += l.Size
	}
	if total >= 1<<32 {
		return nil, fmt.Errorf("tables %v: %d slots, more than the generator handles", unit, total)
	}
	s.state = make([]uint32, total)
	s.decided = make(decidedSet, (total+63)/64)
	scratch := make([]workerScratch, threads)
	if err := layout.ForChunks(ctx, threads, total, func(w int, lo, hi uint64) error {
		return s.initialize(&scratch[w], lo, hi)
	}); err != nil {
		return nil, err
	}
	wins, losses := mergeLevels(scratch, func(w *workerScratch) [][]uint32 { return w.wins }),
		mergeLevels(scratch, func(w *workerScratch) [][]uint32 { return w.losses })
	for i := range scratch {
		scratch[i].wins, scratch[i].losses = nil, nil // merged: free them
	}
	var won, lost []uint32 // decided at the current level, by key
	for level := 0; level < len(wins) || level < len(losses) || len(won)+len(lost) > 0; level++ {
		var err error
		if level < len(wins) {
			if won, err = s.decide(ctx, scratch, won, wins[level], statusWin, level); err != nil {
				return nil, err
			}
		}
		if level < len(losses) {
			if lost, err = s.decide(ctx, scratch, lost, losses[level], statusLoss, level); err != nil {
				return nil, err
			}
		}
		// This level's candidates are spent: free them as the build goes.
		if level < len(wins) {
			wins[level] = nil
		}
		if level < len(losses) {
			losses[level] = nil
		}
		if err := checkLevel(unit, level); err != nil {
			return nil, err
		}
		for i := range scratch {
			scratch[i].nextWon, scratch[i].nextLost = scratch[i].nextWon[:0], scratch[i].nextLost[:0]
			clear(scratch[i].losses) // merged into losses at the last level
			scratch[i].losses = scratch[i].losses[:0]
		}
		for _, part := range [2]struct {
			keys []uint32
			lost bool
		}{{won, false}, {lost, true}} {
			sortInParts(threads, part.keys) // see key
			if err := layout.ForChunks(ctx, threads, uint64(len(part.keys)), func(w int, lo, hi uint64) error {
				return s.propagate(&scratch[w], part.keys[lo:hi], part.lost, level)
			}); err != nil {
				return nil, err
			}
		}
		won, lost = won[:0], lost[:0]
		for i := range scratch {
			won = append(won, scratch[i].nextWon...)
			lost = append(lost, scratch[i].nextLost...)
		}
		for l, slots := range mergeLevels(scratch, func(w *workerScratch) [][]uint32 { return w.losses }) {
			losses = growTo(losses, l)
			losses[l] = append(losses[l], slots...)
		}
	}
	tabs := make([]*egtb.Table, len(s.layouts))
	for t := range tabs {
		var err error
		if tabs[t], err = s.table(ctx, t, threads); err != nil {
			return nil, err
		}
	}
	return tabs, nil
}

// growTo extends levels so that index l exists.
func growTo(levels [][]uint32, l int) [][]uint32 {
	for len(levels) <= l {
		levels = append(levels, nil)
	}
	return levels
}

// mergeLevels joins the workers' lists by level.
func mergeLevels(scratch []workerScratch, lists func(*workerScratch) [][]uint32) [][]uint32 {
	var all [][]uint32
	for i := range scratch {
		for l, slots := range lists(&scratch[i]) {
			if len(slots) > 0 {
				all = growTo(all, l)
				all[l] = append(all[l], slots...)
			}
		}
	}
	return all
}

// tableOf splits a unit slot into table number and slot.
func (s *solver) tableOf(u uint64) (int, uint64) {
	if len(s.base) == 2 && u >= s.base[1] {
		return 1, u - s.base[1]
	}
	return 0, u
}

// other is the table that a quiet move from table t leads into.
func (s *solver) other(t int) int { return len(s.layouts) - 1 - t }

// initialize sets the state of unit slots lo..hi-1 from their moves:
// positions without moves lose at once, captures and promotions are looked
// up in the finished tables, and the quiet successors are counted.
func (s *solver) initialize(w *workerScratch, lo, hi uint64) error {
	var captures uint64 // the decided bits of the slots with a capture in u's word of s.decided
	t, i := s.tableOf(lo)
	slots := s.layouts[t].Cursor(i)
	for u := lo; u < hi; u++ {
		if t == 0 && len(s.base) == 2 && u == s.base[1] {
			t, slots = 1, s.layouts[1].Cursor(0)
		}
		if err := s.initializeSlot(w, u, t, &slots); err != nil {
			return err
		}
		slots.Next()
		if w.capture {
			// Its value is its captures': no quiet move into it is legal,
			// and un-moves pass it by.
			captures |= 1 << (u & 63)
		}
		if (u+1)&63 == 0 || u+1 == hi {
			if captures != 0 {
				s.decided[u>>6].Or(captures) // one locked instruction for 64 slots
			}
			captures = 0
		}
	}
	return nil
}

// initializeSlot sets the state of unit slot u, slot of table t at which
// slots stands, and w.capture to whether it has a capture.
func (s *solver) initializeSlot(w *workerScratch, u uint64, t int, slots *layout.SlotCursor) error {
	g, ok := slots.Position()
	if !ok {
		s.state[u] = statusUnused << statusShift
		w.capture = false
		return nil
	}
	st, err := s.initialState(w, t, g)
	if err != nil {
		return slotError(egtb.MaterialOf(s.layouts[t].Count), u-s.base[t], err)
	}
	s.state[u] = st
	if status, level, ok := w.exits.settled(int(st & countMask)); ok {
		list := &w.losses
		if status == statusWin {
			list = &w.wins
		}
		*list = growTo(*list, level)
		(*list)[level] = append((*list)[level], uint32(u))
	}
	return nil
}

// initialState is the generation state of the position g of table t
// before propagation, with w.exits set to the values of its captures and
// promotions and w.capture to whether it has a capture.
func (s *solver) initialState(w *workerScratch, t int, g *[layout.NumGroups]uint64) (uint32, error) {
	white, black, kings := g[layout.GroupWhiteMen]|g[layout.GroupWhiteKings], g[layout.GroupBlackMen]|g[layout.GroupBlackKings], g[layout.GroupWhiteKings]|g[layout.GroupBlackKings]
	// Two positions share a slot only when each is the other's mirror
	// image, so distinct quiet moves (which leave Black's pieces where they
	// are) lead to distinct slots unless Black's pieces are their own
	// mirror image: only then are the quiet moves listed and their slots
	// computed, to count each once; else they are counted.
	counted := layout.Mirror(g[layout.GroupBlackMen]) != g[layout.GroupBlackMen] || layout.Mirror(g[layout.GroupBlackKings]) != g[layout.GroupBlackKings]
	var quiet int
	var captures bool
	if counted {
		quiet, captures = engine.WhiteMovesCounted(white, black, kings, &w.moves)
	} else {
		captures = engine.WhiteMoves(white, black, kings, &w.moves)
	}
	w.capture = captures
	w.exits = newExitValues()
	var kingMoves, manMoves layout.PartialIndex
	w.successors = w.successors[:0]
	if !captures && !counted {
		// A quiet move of White changes Black's groups of the swapped
		// position, never its lead: the other digits of its index are fixed.
		into := s.layouts[s.other(t)]
		swapped := swapColours(g)
		kingMoves = into.Partial(&swapped, layout.GroupBlackKings)
		manMoves = into.Partial(&swapped, layout.GroupBlackMen)
	}
	for _, m := range w.moves.Slice() {
		moved := uint64(1)<<m.From | uint64(1)<<m.To
		switch {
		case leavesUnit(captures, kings, m):
			// A capture or a promotion: the successor is in a finished table.
			r, err := playedResult(s.done, white, black, kings, m)
			if err != nil {
				return 0, err
			}
			w.exits.add(r)
		case kings&moved != 0:
			w.addSuccessor(kingMoves.Index(layout.Flip(g[layout.GroupWhiteKings] ^ moved)))
		default:
			w.addSuccessor(manMoves.Index(layout.Flip(g[layout.GroupWhiteMen] ^ moved)))
		}
	}
	return w.exits.state(quiet + len(w.successors))
}

// addSuccessor lists a quiet successor's slot once.
func (w *workerScratch) addSuccessor(i uint64) {
	if !slices.Contains(w.successors, i) {
		w.successors = append(w.successors, i)
	}
}

// decide marks the undecided slots of candidates as won or lost at level,
// on one goroutine per worker (whose nextWon lists it uses), and appends
// their keys to keys.
func (s *solver) decide(ctx context.Context, scratch []workerScratch, keys, candidates []uint32, status uint32, level int) ([]uint32, error) {
	for i := range scratch {
		scratch[i].nextWon = scratch[i].nextWon[:0]
	}
	err := layout.ForChunks(ctx, len(scratch), uint64(len(candidates)), func(w int, lo, hi uint64) error {
		for _, u := range candidates[lo:hi] {
			if s.setDecided(u, atomic.LoadUint32(&s.state[u]), status, level) {
				t, i := s.tableOf(uint64(u))
				g, _ := s.layouts[t].Position(i)
				scratch[w].nextWon = append(scratch[w].nextWon, s.key(t, &g))
			}
		}
		return nil
	})
	for i := range scratch {
		keys = append(keys, scratch[i].nextWon...)
	}
	return keys, err
}

// key is the unit slot of the position g of table t with the colours
// swapped, under which a decided slot waits to pass its value back: the
// un-moves of the swapped position's White give the predecessors, whose
// slots differ from the key only in the outer digits (White's groups, of
// which an un-move changes one) and, when the mirror applies, in the order
// of the inner ones. Sorted by key, a level's slots come in runs of the
// same white groups, and each un-move's predecessors of a run in order,
// within a block of consecutive slots: the state words and decided bits
// that a run loads serve its neighbours in the run, where in slot order or
// in the order found they served about one each.
func (s *solver) key(t int, g *[layout.NumGroups]uint64) uint32 {
	o := s.other(t)
	return uint32(s.base[o] + s.layouts[o].Index(swapColours(g)))
}

// setDecided decides slot u, whose state was old, if it is undecided,
// reporting whether it did.
func (s *solver) setDecided(u, old, status uint32, level int) bool {
	for {
		if statusOf(old) != statusUndecided {
			return false
		}
		if atomic.CompareAndSwapUint32(&s.state[u], old, decidedState(status, level)) {
			s.decided.add(uint64(u))
			return true
		}
		old = atomic.LoadUint32(&s.state[u])
	}
}

// propagate passes the values of the slots decided at level, given by
// their keys (all lost, or all won), to their predecessors: a predecessor of a loss wins at level+1; a predecessor
// whose last undecided quiet successor is a win loses at level+1, or later
// if a capture or promotion loses more slowly.
func (s *solver) propagate(w *workerScratch, keys []uint32, lost bool, level int) error {
	for _, k := range keys {
		into, i := s.tableOf(uint64(k))
		preds := w.unmover.predecessors(s.layouts[into], i, s.decided, s.base[into])
		// The predecessors' states are loaded first: these independent
		// loads wait for their cache misses together, where each
		// compare-and-swap (a locked instruction, which no later load
		// passes) would wait for its own.
		states := w.states[:0]
		for _, p := range preds {
			states = append(states, atomic.LoadUint32(&s.state[p]))
		}
		w.states = states
		for n, u := range preds {
			p := uint32(u)
			if lost {
				if s.setDecided(p, states[n], statusWin, level+1) {
					g := w.unmover.position(n)
					w.nextWon = append(w.nextWon, s.key(into, &g))
				}
				continue
			}
			loses, err := s.countWin(w, p, states[n], level)
			if err != nil {
				return err
			}
			if loses {
				g := w.unmover.position(n)
				w.nextLost = append(w.nextLost, s.key(into, &g))
			}
		}
	}
	return nil
}

// countWin records that one more quiet successor of slot p, whose state
// was old, wins (for the opponent) at level (afterWin), reporting whether
// p then loses at level+1 (a later loss goes to w.losses).
func (s *solver) countWin(w *workerScratch, p, old uint32, level int) (bool, error) {
	for ; ; old = atomic.LoadUint32(&s.state[p]) {
		if statusOf(old) != statusUndecided {
			return false, nil
		}
		st, at, err := afterWin(old, level)
		if err != nil {
			t, i := s.tableOf(uint64(p))
			return false, slotError(egtb.MaterialOf(s.layouts[t].Count), i, err)
		}
		if st == old {
			return false, nil
		}
		if !atomic.CompareAndSwapUint32(&s.state[p], old, st) {
			continue
		}
		switch {
		case at == level+1:
			s.decided.add(uint64(p))
			return true, nil
		case at > level+1:
			w.losses = growTo(w.losses, at)
			w.losses[at] = append(w.losses[at], p)
		}
		return false, nil
	}
}

// table packs the final states of table t, on threads goroutines;
// undecided slots are draws.
func (s *solver) table(ctx context.Context, t, threads int) (*egtb.Table, error) {
	l := s.layouts[t]
	states := s.state[s.base[t] : s.base[t]+l.Size]
	codes, width := make([]byte, (l.Size+3)/4), 1
	var wide atomic.Bool // a distance takes two bytes
	if err := layout.ForChunks(ctx, threads, l.Size, func(_ int, lo, hi uint64) error {
		for _, st := range states[lo:hi] {
			if (statusOf(st) == statusWin || statusOf(st) == statusLoss) && st>>distanceShift > 255 {
				wide.Store(true)
				break
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if wide.Load() {
		width = 2
	}
	dtw := make([]byte, l.Size*uint64(width))
	stats := make([]egtb.Stats, threads) // by worker
	// Chunks hold whole bytes of codes (chunkSize is a multiple of 4).
	if err := layout.ForChunks(ctx, threads, l.Size, func(w int, lo, hi uint64) error {
		own := &stats[w]
		for i := lo; i < hi; i++ {
			st := states[i]
			code, d := frame.CodeUnused, 0
			if statusOf(st) == statusUnused {
				own.Unused++
			} else {
				r := resultOf(st)
				own.Add(r)
				code, d = codeOf(r.WDL), r.DTW
			}
			codes[i/4] |= byte(code) << (2 * (i % 4))
			if width == 1 {
				dtw[i] = byte(d)
			} else {
				dtw[2*i], dtw[2*i+1] = byte(d), byte(d>>8)
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	var all egtb.Stats
	for _, x := range stats {
		all.Merge(x)
	}
	return egtb.NewTable(egtb.MaterialOf(l.Count), codes, dtw, width, all), nil
}
