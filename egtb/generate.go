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
	// Progress, if set, is called after each table is solved and verified.
	Progress func(Report)
	// Save, if set, is called with each verified table (to write it); an
	// error stops the build.
	Save func(*Table) error
}

// Report describes one solved table.
type Report struct {
	Table *Table
	// With is the colour-swapped signature solved together with the
	// table, the table's own when it is symmetric.
	With Signature
	// Elapsed is the time taken to solve and verify the pair.
	Elapsed time.Duration
}

// Build solves every table of up to o.Pieces pieces, verifying each
// against its successors, and returns them.
func Build(ctx context.Context, o BuildOptions) (*Tables, error) {
	if o.Pieces < 2 || o.Pieces > MaxTablePieces {
		return nil, fmt.Errorf("pieces must be 2 to %d, not %d", MaxTablePieces, o.Pieces)
	}
	if o.Threads < 1 {
		return nil, fmt.Errorf("threads must be at least 1, not %d", o.Threads)
	}
	done := newTables(nil)
	sigs := Signatures(o.Pieces)
	for i := 0; i < len(sigs); {
		unit := []Signature{sigs[i]}
		if w := sigs[i].Swap(); w != sigs[i] {
			unit = append(unit, w) // Signatures puts it next
		}
		i += len(unit)
		start := time.Now()
		tabs, err := solve(ctx, done, unit, o.Threads)
		if err != nil {
			return nil, err
		}
		for _, t := range tabs {
			done.add(t)
		}
		for _, t := range tabs {
			if err := done.verifyTable(ctx, t, o.Threads); err != nil {
				return nil, fmt.Errorf("table %v fails verification: %w", t.Signature(), err)
			}
		}
		for _, t := range tabs {
			if o.Save != nil {
				if err := o.Save(t); err != nil {
					return nil, err
				}
			}
			if o.Progress != nil {
				o.Progress(Report{Table: t, With: t.Signature().Swap(), Elapsed: time.Since(start)})
			}
		}
	}
	return done, nil
}

// The state of a slot during generation, one atomic word:
//
//	bits 0-9    quiet successors not yet decided (distinct slots)
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
	state   []atomic.Uint32
}

// workerScratch is one goroutine's reusable storage.
type workerScratch struct {
	moves      engine.MoveList
	successors []uint64
	unmover    unmover
	// decided at a later level: by level, the unit slots that then win or lose
	wins, losses [][]uint32
	next         []uint32 // decided at the next level
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
	s.state = make([]atomic.Uint32, total)
	scratch := make([]workerScratch, threads)
	if err := forChunks(ctx, threads, total, func(w int, lo, hi uint64) error {
		return s.initialize(&scratch[w], lo, hi)
	}); err != nil {
		return nil, err
	}
	wins, losses := mergeLevels(scratch, func(w *workerScratch) [][]uint32 { return w.wins }),
		mergeLevels(scratch, func(w *workerScratch) [][]uint32 { return w.losses })
	var decided []uint32 // decided at the current level
	for level := 0; level < len(wins) || level < len(losses) || len(decided) > 0; level++ {
		if level < len(wins) {
			decided = s.decide(decided, wins[level], statusWin, level)
		}
		if level < len(losses) {
			decided = s.decide(decided, losses[level], statusLoss, level)
		}
		if level >= maxDistance {
			return nil, fmt.Errorf("tables %v: distance beyond %d", unit, maxDistance)
		}
		for i := range scratch {
			scratch[i].next = scratch[i].next[:0]
			scratch[i].losses = scratch[i].losses[:0]
		}
		if err := forChunks(ctx, threads, uint64(len(decided)), func(w int, lo, hi uint64) error {
			return s.propagate(&scratch[w], decided[lo:hi], level)
		}); err != nil {
			return nil, err
		}
		decided = decided[:0]
		for i := range scratch {
			decided = append(decided, scratch[i].next...)
		}
		for l, slots := range mergeLevels(scratch, func(w *workerScratch) [][]uint32 { return w.losses }) {
			losses = growTo(losses, l)
			losses[l] = append(losses[l], slots...)
		}
	}
	tabs := make([]*Table, len(s.layouts))
	for t := range tabs {
		tabs[t] = s.table(t)
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
	for u := lo; u < hi; u++ {
		t, i := s.tableOf(u)
		l := s.layouts[t]
		g, ok := l.position(i)
		if !ok {
			s.state[u].Store(statusUnused << statusShift)
			continue
		}
		p, err := engine.NewPosition(g[groupWhiteMen]|g[groupWhiteKings], g[groupBlackMen]|g[groupBlackKings], g[groupWhiteKings]|g[groupBlackKings], engine.White)
		if err != nil {
			return fmt.Errorf("table %v slot %d: %v", l.sig, i, err)
		}
		p.GenerateMoves(&w.moves)
		into := s.layouts[s.other(t)]
		w.successors = w.successors[:0]
		bestWin, longestLoss, cannotLose := maxDistance, 0, false
		for _, m := range w.moves.Slice() {
			q := p.Play(m)
			white, black, kings := whiteToMove(&q)
			if white == 0 {
				bestWin, cannotLose = 1, true // Black has no piece left
				continue
			}
			cg := groups(white, black, kings)
			if signatureOf(&cg) == into.sig {
				w.successors = append(w.successors, s.base[s.other(t)]+into.index(cg))
				continue
			}
			r, ok := s.done.probeWhite(white, black, kings)
			if !ok {
				return fmt.Errorf("table %v: the move %s from %v needs a table not yet built", l.sig, p.FormatMove(m), p)
			}
			switch r = r.Parent(); r.WDL {
			case Win:
				bestWin, cannotLose = min(bestWin, r.DTW), true
			case Draw:
				cannotLose = true
			case Loss:
				longestLoss = max(longestLoss, r.DTW)
			}
		}
		slices.Sort(w.successors)
		n := len(slices.Compact(w.successors))
		if n > countMask {
			return fmt.Errorf("table %v: %d quiet successors of %v, more than the generator counts", l.sig, n, p)
		}
		st := uint32(n) | uint32(longestLoss)<<distanceShift
		if cannotLose {
			st |= cannotLoseFlag
		}
		s.state[u].Store(st)
		switch {
		case bestWin < maxDistance:
			w.wins = growTo(w.wins, bestWin)
			w.wins[bestWin] = append(w.wins[bestWin], uint32(u))
		case n == 0 && !cannotLose:
			w.losses = growTo(w.losses, longestLoss)
			w.losses[longestLoss] = append(w.losses[longestLoss], uint32(u))
		}
	}
	return nil
}

// decide marks the undecided slots of candidates as won or lost at level
// and appends them to decided.
func (s *solver) decide(decided, candidates []uint32, status uint32, level int) []uint32 {
	for _, u := range candidates {
		if s.setDecided(u, status, level) {
			decided = append(decided, u)
		}
	}
	return decided
}

// setDecided decides slot u if it is undecided, reporting whether it did.
func (s *solver) setDecided(u uint32, status uint32, level int) bool {
	for {
		old := s.state[u].Load()
		if statusOf(old) != statusUndecided {
			return false
		}
		if s.state[u].CompareAndSwap(old, status<<statusShift|uint32(level)<<distanceShift) {
			return true
		}
	}
}

// propagate passes the values of the slots decided at level to their
// predecessors: a predecessor of a loss wins at level+1; a predecessor
// whose last undecided quiet successor is a win loses at level+1, or later
// if a capture or promotion loses more slowly.
func (s *solver) propagate(w *workerScratch, decided []uint32, level int) error {
	for _, u := range decided {
		t, i := s.tableOf(uint64(u))
		g, _ := s.layouts[t].position(i)
		into := s.other(t)
		states := s.state[s.base[into] : s.base[into]+s.layouts[into].size]
		preds := w.unmover.predecessors(g[groupWhiteMen]|g[groupWhiteKings], g[groupBlackMen]|g[groupBlackKings], g[groupWhiteKings]|g[groupBlackKings], s.layouts[into], states)
		lost := statusOf(s.state[u].Load()) == statusLoss
		for _, i := range preds {
			p := uint32(s.base[into] + i)
			if lost {
				if s.setDecided(p, statusWin, level+1) {
					w.next = append(w.next, p)
				}
				continue
			}
			if err := s.countWin(w, p, level); err != nil {
				return err
			}
		}
	}
	return nil
}

// countWin records that one more quiet successor of slot p wins (for the
// opponent) at level.
func (s *solver) countWin(w *workerScratch, p uint32, level int) error {
	for {
		old := s.state[p].Load()
		if statusOf(old) != statusUndecided {
			return nil
		}
		if old&countMask == 0 {
			t, i := s.tableOf(uint64(p))
			return fmt.Errorf("table %v slot %d: more winning successors than counted (un-moves and moves disagree)", s.layouts[t].sig, i)
		}
		st, at := old-1, -1
		if st&countMask == 0 && st&cannotLoseFlag == 0 {
			at = max(level+1, int(st>>distanceShift))
			if at == level+1 {
				st = statusLoss<<statusShift | uint32(at)<<distanceShift
			}
		}
		if !s.state[p].CompareAndSwap(old, st) {
			continue
		}
		switch {
		case at == level+1:
			w.next = append(w.next, p)
		case at > level+1:
			w.losses = growTo(w.losses, at)
			w.losses[at] = append(w.losses[at], p)
		}
		return nil
	}
}

// table packs the final states of table t; undecided slots are draws.
func (s *solver) table(t int) *Table {
	l := s.layouts[t]
	states := s.state[s.base[t] : s.base[t]+l.size]
	tab := &Table{layout: l, codes: make([]byte, (l.size+3)/4), width: 1}
	for i := range states {
		st := states[i].Load()
		if statusOf(st) == statusWin || statusOf(st) == statusLoss {
			if st>>distanceShift > 255 {
				tab.width = 2
			}
		}
	}
	tab.dtw = make([]byte, l.size*uint64(tab.width))
	for i := range states {
		st := states[i].Load()
		code, d := codeDraw, 0
		switch statusOf(st) {
		case statusWin:
			code, d = codeWin, int(st>>distanceShift)
			tab.stats.Wins++
			tab.stats.LongestWin = max(tab.stats.LongestWin, d)
		case statusLoss:
			code, d = codeLoss, int(st>>distanceShift)
			tab.stats.Losses++
			tab.stats.LongestLoss = max(tab.stats.LongestLoss, d)
		case statusUnused:
			code = codeUnused
			tab.stats.Unused++
		default:
			tab.stats.Draws++
		}
		tab.codes[i/4] |= byte(code) << (2 * (i % 4))
		if tab.width == 1 {
			tab.dtw[i] = byte(d)
		} else {
			tab.dtw[2*i], tab.dtw[2*i+1] = byte(d), byte(d>>8)
		}
	}
	return tab
}
