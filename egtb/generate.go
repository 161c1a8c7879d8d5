// Retrograde generation of the tables: each signature with its colour swap
// (a quiet move of one leads into the other), after the tables that
// captures and promotions lead into. Values propagate backwards from the
// positions already decided, level by level of distance, through un-moves.

package egtb

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/dameo/dameo/engine"
)

// BuildOptions configure Build.
type BuildOptions struct {
	// Pieces: build every table of 2 to Pieces pieces (at most MaxTablePieces).
	Pieces int
	// Threads is the number of goroutines (at least 1).
	Threads int
	// Only, if set, builds just the table of this signature and its swap,
	// taking the tables they need from Finished.
	Only *Signature
	// MaxMemory, if not 0, bounds the generator's estimated memory for one
	// unit (see Plan): a larger unit is refused before it is started.
	MaxMemory uint64
	// Verify checks each solved table against its successors before it is
	// saved (about as long again as solving it).
	Verify bool
	// Sliced solves each unit with men slice by slice (solveSliced), in
	// the memory of PlanSliced; the tables are the same. A unit of kings
	// alone is one slice and is solved whole.
	Sliced bool
	// Finished, if set, gives the table of a signature finished before (by
	// an interrupted build), or nil when there is none: a signature and its
	// swap whose tables are both finished are not solved again. Build also
	// asks it for the tables saved earlier in the run when later tables need
	// them, so that it need not keep them in memory (nil: it keeps them).
	Finished func(Signature) (*Table, error)
	// Progress, if set, is called after each table is solved (or found finished).
	Progress func(Report)
	// Solving, if set, is called by the sliced solver after each slice it
	// solves, from the goroutine that solved it, with the number of the
	// unit's positions solved so far (counting those of the checkpoint it
	// resumed from, see Checkpoints), so that a long unit shows its
	// progress. The count ends within a few percent of the unit's slots,
	// not on them: a slice counts a position and its mirror image apart
	// where the layout gives them one slot, and the layout keeps slots no
	// position fills.
	Solving func(solved uint64)
	// Save, if set, is called with each solved table (to write it); an
	// error stops the build.
	Save func(*Table) error
	// Checkpoints, if set, keeps the state of a unit that the sliced
	// solver solves between its waves, so that a build interrupted in the
	// middle of the unit goes on from its last checkpoint: the unit's
	// tables are the same. A unit's checkpoint is removed once its tables
	// are saved (or found finished).
	Checkpoints Checkpoints
	// CheckpointEvery is the least time from the start of a unit, or from
	// its last checkpoint, to the next checkpoint, written at the end of a
	// wave that solved positions (0: after every such wave but the last).
	CheckpointEvery time.Duration
	// Resumed, if set, is called when the sliced solver goes on with a
	// unit from its checkpoint: the waves solved of the unit's waves, and
	// the positions solved (where Solving's count goes on from).
	Resumed func(unit []Signature, wave, waves int, solved uint64)
}

// Report describes one solved table.
type Report struct {
	Table *Table
	// With is the colour-swapped signature solved together with the
	// table, the table's own when it is symmetric.
	With Signature
	// Kept: the table was finished before and not solved again.
	Kept bool
	// Elapsed is the time taken to solve (and verify) the pair.
	Elapsed time.Duration
}

// Build solves every table of up to o.Pieces pieces, in the order of
// Signatures, holding in memory only the finished tables that the tables
// still to solve lead into.
func Build(ctx context.Context, o BuildOptions) error {
	if o.Pieces < 2 || o.Pieces > MaxTablePieces {
		return fmt.Errorf("pieces must be 2 to %d, not %d", MaxTablePieces, o.Pieces)
	}
	if o.Threads < 1 {
		return fmt.Errorf("threads must be at least 1, not %d", o.Threads)
	}
	units := Units(o.Pieces)
	lastUse := lastUses(units)
	done := newTables(nil)
	for n, unit := range units {
		if err := ctx.Err(); err != nil {
			return err
		}
		if o.Only != nil {
			if !slices.Contains(unit, *o.Only) {
				continue
			}
			if err := loadNeeds(done, unit, o.Finished); err != nil {
				return err
			}
		}
		start := time.Now()
		tabs, kept, err := finishedUnit(unit, o.Finished)
		if err != nil {
			return err
		}
		if !kept {
			need, solver := unitMemory(unit), solve
			if o.Sliced {
				need = slicedMemory(unit, o.Threads)
			}
			if o.Sliced && unitHasMen(unit) {
				solver = func(ctx context.Context, done *Tables, unit []Signature, _ int) ([]*Table, error) {
					return solveSliced(ctx, done, unit, &o)
				}
			}
			if o.MaxMemory != 0 && need > o.MaxMemory {
				return fmt.Errorf("tables %v: about %d MiB to generate, more than the %d MiB allowed (docs/egtb.md)", unit, need>>20, o.MaxMemory>>20)
			}
			if tabs, err = solver(ctx, done, unit, o.Threads); err != nil {
				return err
			}
			if o.Verify {
				if err := verifyUnit(ctx, done, tabs, o.Threads); err != nil {
					return err
				}
			}
			for i, t := range tabs {
				if o.Save != nil {
					if err := o.Save(t); err != nil {
						return err
					}
				}
				if o.Finished != nil {
					// Read back what later tables need (memory-mapped) rather than keep it.
					if tabs[i], err = o.Finished(t.Signature()); err != nil || tabs[i] == nil {
						return fmt.Errorf("table %v: saved but not found again: %v", t.Signature(), err)
					}
				}
			}
		}
		if o.Checkpoints != nil {
			if err := o.Checkpoints.RemoveCheckpoint(unit[0]); err != nil {
				return err
			}
		}
		for _, t := range tabs {
			if lastUse[t.Signature()] > n {
				done.add(t)
			}
			if o.Progress != nil {
				o.Progress(Report{Table: t, With: t.Signature().Swap(), Kept: kept, Elapsed: time.Since(start)})
			}
		}
		for _, t := range done.All() {
			if lastUse[t.Signature()] <= n {
				done.remove(t.Signature())
			}
		}
	}
	return nil
}

// loadNeeds adds to done the finished tables that unit needs.
func loadNeeds(done *Tables, unit []Signature, finished func(Signature) (*Table, error)) error {
	for _, s := range unit {
		for _, need := range s.Needs() {
			if done.Table(need) != nil {
				continue
			}
			var t *Table
			var err error
			if finished != nil {
				t, err = finished(need)
			}
			switch {
			case err != nil:
				return fmt.Errorf("table %v needs table %v, which cannot be loaded: %w", s, need, err)
			case t == nil:
				return fmt.Errorf("table %v needs table %v, which is not built (dameo egtb plan lists the order)", s, need)
			}
			done.add(t)
		}
	}
	return nil
}

// finishedUnit is the unit's tables when finished gives all of them.
func finishedUnit(unit []Signature, finished func(Signature) (*Table, error)) ([]*Table, bool, error) {
	if finished == nil {
		return nil, false, nil
	}
	var tabs []*Table
	for _, s := range unit {
		t, err := finished(s)
		if err != nil || t == nil {
			return nil, false, err
		}
		tabs = append(tabs, t)
	}
	return tabs, true, nil
}

// verifyUnit checks a solved unit against its successors: the finished
// tables and the unit itself.
func verifyUnit(ctx context.Context, done *Tables, tabs []*Table, threads int) error {
	with := newTables(append(done.All(), tabs...))
	for _, t := range tabs {
		if err := with.verifyTable(ctx, t, threads); err != nil {
			return fmt.Errorf("table %v fails verification: %w", t.Signature(), err)
		}
	}
	return nil
}

// The state of a slot during generation, one 32-bit word:
//
//	bits 0-9    quiet successors not yet decided (distinct slots; not
//	            kept once bit 10 is set)
//	bit 10      cannot lose: a capture or promotion leads to a draw or win
//	bits 11-12  status: undecided, win, loss or unused
//	bits 16-31  decided: the distance; undecided: the longest loss through
//	            a capture or promotion
const (
	countMask      = 1<<10 - 1
	cannotLoseFlag = 1 << 10
	statusShift    = 11
	distanceShift  = 16

	statusUndecided = 0
	statusWin       = 1
	statusLoss      = 2
	statusUnused    = 3

	maxDistance = 1<<16 - 1
)

func statusOf(s uint32) uint32 { return s >> statusShift & 3 }

// solver solves one signature together with its swap: the unit's slots are
// those of its one or two tables, one after the other.
type solver struct {
	done    *Tables
	layouts []*layout
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
	successors []uint64 // distinct quiet successors of the position being initialized, when they need counting
	bestWin    int      // its fastest win through a capture or promotion
	capture    bool     // whether it has a capture
	unmover    unmover
	// decided at a later level: by level, the unit slots that then win or lose
	wins, losses [][]uint32
	// decided at the next level, by key (see key): won and lost
	nextWon, nextLost []uint32
	states            []uint32 // the states of the predecessors being updated
}

func solve(ctx context.Context, done *Tables, unit []Signature, threads int) ([]*Table, error) {
	s := &solver{done: done}
	var total uint64
	for _, sig := range unit {
		l := layoutOf(sig)
		s.layouts = append(s.layouts, l)
		s.base = append(s.base, total)
		total += l.size
	}
	if total >= 1<<32 {
		return nil, fmt.Errorf("tables %v: %d slots, more than the generator handles", unit, total)
	}
	s.state = make([]uint32, total)
	s.decided = make(decidedSet, (total+63)/64)
	scratch := make([]workerScratch, threads)
	if err := forChunks(ctx, threads, total, func(w int, lo, hi uint64) error {
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
		if level >= maxDistance {
			return nil, fmt.Errorf("tables %v: distance beyond %d", unit, maxDistance)
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
			if err := forChunks(ctx, threads, uint64(len(part.keys)), func(w int, lo, hi uint64) error {
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
	tabs := make([]*Table, len(s.layouts))
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
	slots := s.layouts[t].cursor(i)
	for u := lo; u < hi; u++ {
		if t == 0 && len(s.base) == 2 && u == s.base[1] {
			t, slots = 1, s.layouts[1].cursor(0)
		}
		if err := s.initializeSlot(w, u, t, &slots); err != nil {
			return err
		}
		slots.next()
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
func (s *solver) initializeSlot(w *workerScratch, u uint64, t int, slots *slotCursor) error {
	g, ok := slots.position()
	if !ok {
		s.state[u] = statusUnused << statusShift
		w.capture = false
		return nil
	}
	st, err := s.initialState(w, t, g)
	if err != nil {
		return fmt.Errorf("table %v slot %d: %w", s.layouts[t].sig, u-s.base[t], err)
	}
	s.state[u] = st
	n, cannotLose, longestLoss := st&countMask, st&cannotLoseFlag != 0, int(st>>distanceShift)
	switch {
	case w.bestWin < maxDistance:
		w.wins = growTo(w.wins, w.bestWin)
		w.wins[w.bestWin] = append(w.wins[w.bestWin], uint32(u))
	case n == 0 && !cannotLose:
		w.losses = growTo(w.losses, longestLoss)
		w.losses[longestLoss] = append(w.losses[longestLoss], uint32(u))
	}
	return nil
}

// initialState is the generation state of the position g of table t
// before propagation, with w.bestWin set to its fastest win through a
// capture or promotion (maxDistance when none) and w.capture to whether it
// has a capture.
func (s *solver) initialState(w *workerScratch, t int, g *[numGroups]uint64) (uint32, error) {
	white, black, kings := g[groupWhiteMen]|g[groupWhiteKings], g[groupBlackMen]|g[groupBlackKings], g[groupWhiteKings]|g[groupBlackKings]
	// Two positions share a slot only when each is the other's mirror
	// image, so distinct quiet moves (which leave Black's pieces where they
	// are) lead to distinct slots unless Black's pieces are their own
	// mirror image: only then are the quiet moves listed and their slots
	// computed, to count each once; else they are counted.
	counted := mirror(g[groupBlackMen]) != g[groupBlackMen] || mirror(g[groupBlackKings]) != g[groupBlackKings]
	var quiet int
	var captures bool
	if counted {
		quiet, captures = engine.WhiteMovesCounted(white, black, kings, &w.moves)
	} else {
		captures = engine.WhiteMoves(white, black, kings, &w.moves)
	}
	w.capture = captures
	exits := newExitValues()
	var kingMoves, manMoves partialIndex
	w.successors = w.successors[:0]
	if !captures && !counted {
		// A quiet move of White changes Black's groups of the swapped
		// position, never its lead: the other digits of its index are fixed.
		into := s.layouts[s.other(t)]
		swapped := swapColours(g)
		kingMoves = into.partial(&swapped, groupBlackKings)
		manMoves = into.partial(&swapped, groupBlackMen)
	}
	for _, m := range w.moves.Slice() {
		moved := uint64(1)<<m.From | uint64(1)<<m.To
		switch {
		case leavesUnit(captures, kings, m):
			// A capture or a promotion: the successor is in a finished table.
			r, err := s.done.playedResult(white, black, kings, m)
			if err != nil {
				return 0, err
			}
			exits.add(r)
		case kings&moved != 0:
			w.addSuccessor(kingMoves.index(flip(g[groupWhiteKings] ^ moved)))
		default:
			w.addSuccessor(manMoves.index(flip(g[groupWhiteMen] ^ moved)))
		}
	}
	w.bestWin = exits.bestWin
	return exits.state(quiet + len(w.successors))
}

// leavesUnit reports whether White's move m, in a position where captures
// says whether White has one, leads out of the unit: a capture or a
// promotion.
func leavesUnit(captures bool, kings uint64, m engine.Move) bool {
	return captures || kings&(1<<m.From) == 0 && engine.CrowningMask(engine.White)&(1<<m.To) != 0
}

// exitValues gather the values, for the side to move, of a position's
// moves whose successors are solved already (in finished tables, or for
// the sliced solver in earlier slices).
type exitValues struct {
	bestWin     int // the fastest win, maxDistance when none
	longestLoss int // the slowest loss, 0 when none
	cannotLose  bool
}

func newExitValues() exitValues { return exitValues{bestWin: maxDistance} }

// add counts a move worth r to the side that plays it.
func (e *exitValues) add(r Result) {
	switch r.WDL {
	case Win:
		e.bestWin, e.cannotLose = min(e.bestWin, r.DTW), true
	case Draw:
		e.cannotLose = true
	case Loss:
		e.longestLoss = max(e.longestLoss, r.DTW)
	}
}

// state is the undecided state of a position with these exits and n
// quiet successors still to decide.
func (e *exitValues) state(n int) (uint32, error) {
	if n > countMask {
		return 0, fmt.Errorf("%d quiet successors, more than the generator counts", n)
	}
	st := uint32(n) | uint32(e.longestLoss)<<distanceShift
	if e.cannotLose {
		st |= cannotLoseFlag
	}
	return st, nil
}

// playedResult is the value, for White, of playing m (a capture or a
// promotion) in the position of these pieces, from the finished tables.
func (t *Tables) playedResult(white, black, kings uint64, m engine.Move) (Result, error) {
	w2, b2, k2 := engine.WhitePlay(white, black, kings, m)
	if b2 == 0 {
		return Result{Win, 1}, nil // Black has no piece left
	}
	r, ok := t.probeWhite(flip(b2), flip(w2), flip(k2))
	if !ok {
		return Result{}, fmt.Errorf("the move %v needs a table not yet built", m)
	}
	return r.Parent(), nil
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
	err := forChunks(ctx, len(scratch), uint64(len(candidates)), func(w int, lo, hi uint64) error {
		for _, u := range candidates[lo:hi] {
			if s.setDecided(u, atomic.LoadUint32(&s.state[u]), status, level) {
				t, i := s.tableOf(uint64(u))
				g, _ := s.layouts[t].position(i)
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
func (s *solver) key(t int, g *[numGroups]uint64) uint32 {
	o := s.other(t)
	return uint32(s.base[o] + s.layouts[o].index(swapColours(g)))
}

// setDecided decides slot u, whose state was old, if it is undecided,
// reporting whether it did.
func (s *solver) setDecided(u, old, status uint32, level int) bool {
	for {
		if statusOf(old) != statusUndecided {
			return false
		}
		if atomic.CompareAndSwapUint32(&s.state[u], old, status<<statusShift|uint32(level)<<distanceShift) {
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
// was old, wins (for the opponent) at level, reporting whether p then
// loses at level+1 (a later loss goes to w.losses). A slot that a capture
// or promotion saves from losing is left as it is: only a losing successor
// decides it, and its count is never read.
func (s *solver) countWin(w *workerScratch, p, old uint32, level int) (bool, error) {
	for ; ; old = atomic.LoadUint32(&s.state[p]) {
		if statusOf(old) != statusUndecided || old&cannotLoseFlag != 0 {
			return false, nil
		}
		if old&countMask == 0 {
			t, i := s.tableOf(uint64(p))
			return false, fmt.Errorf("table %v slot %d: more winning successors than counted (un-moves and moves disagree)", s.layouts[t].sig, i)
		}
		st, at := old-1, -1
		if st&countMask == 0 {
			at = max(level+1, int(st>>distanceShift))
			if at == level+1 {
				st = statusLoss<<statusShift | uint32(at)<<distanceShift
			}
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
func (s *solver) table(ctx context.Context, t, threads int) (*Table, error) {
	l := s.layouts[t]
	states := s.state[s.base[t] : s.base[t]+l.size]
	tab := &Table{layout: l, codes: make([]byte, (l.size+3)/4), width: 1}
	var wide atomic.Bool // a distance takes two bytes
	if err := forChunks(ctx, threads, l.size, func(_ int, lo, hi uint64) error {
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
		tab.width = 2
	}
	tab.dtw = make([]byte, l.size*uint64(tab.width))
	stats := make([]Stats, threads) // by worker
	// Chunks hold whole bytes of codes (chunkSize is a multiple of 4).
	if err := forChunks(ctx, threads, l.size, func(w int, lo, hi uint64) error {
		own := &stats[w]
		for i := lo; i < hi; i++ {
			st := states[i]
			code, d := codeDraw, 0
			switch statusOf(st) {
			case statusWin:
				code, d = codeWin, int(st>>distanceShift)
				own.Wins++
				own.LongestWin = max(own.LongestWin, d)
			case statusLoss:
				code, d = codeLoss, int(st>>distanceShift)
				own.Losses++
				own.LongestLoss = max(own.LongestLoss, d)
			case statusUnused:
				code = codeUnused
				own.Unused++
			default:
				own.Draws++
			}
			tab.codes[i/4] |= byte(code) << (2 * (i % 4))
			if tab.width == 1 {
				tab.dtw[i] = byte(d)
			} else {
				tab.dtw[2*i], tab.dtw[2*i+1] = byte(d), byte(d>>8)
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	for _, x := range stats {
		tab.stats.merge(x)
	}
	return tab, nil
}
