// The sliced solver (BuildOptions.Sliced): a unit solved slice by slice,
// in waves of the men's remaining way, each slice by retrograde analysis
// over its king placements alone. Captures and promotions are looked up
// in the finished tables, man moves in the slices of earlier waves, as
// the unit's tables are written; the working state is the slices' being
// solved, not the unit's.

package gen

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// ctxCheckEvery is how many king placements a slice initializes between
// looks at its context: a 6-piece slice has tens of millions, and an
// interrupted build should stop within a second.
const ctxCheckEvery = 1 << 16

// slicedSolver solves one unit slice by slice.
type slicedSolver struct {
	unit    []egtb.Material
	done    *egtb.Tables
	slicing *slicing
	out     []*tableWriter // by table of the unit
	stats   []egtb.Stats   // by table: the positions of the waves finished
	scratch scratchPool
}

// sliceScratch is the working state of one slice being solved, reused.
type sliceScratch struct {
	moves engine.MoveList
	state []uint32 // by local number (retrograde.go), with captureFlag
	// queue lists the decided local numbers in the order decided, level
	// by level.
	queue []uint32
	// candidates[level] and next chain, by local number + 1 (0 ends a
	// chain), the positions whose value a finished successor decides at
	// that level unless a quiet one decides it before: a win when the
	// state says it cannot lose, else a loss. A position is in one chain
	// at most.
	candidates []uint32
	next       []uint32
	long       [][]slotDistance // by table: distances to write once it is widened
	stats      []egtb.Stats     // by table: the positions written
}

// scratchPool hands out scratch, creating it only when none is free: as
// many exist as slices were solved at once.
type scratchPool struct {
	mu         sync.Mutex
	free, made []*sliceScratch
}

func (p *scratchPool) get(tables int) *sliceScratch {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		w := p.free[n-1]
		p.free = p.free[:n-1]
		return w
	}
	w := &sliceScratch{long: make([][]slotDistance, tables), stats: make([]egtb.Stats, tables)}
	p.made = append(p.made, w)
	return w
}

func (p *scratchPool) put(w *sliceScratch) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.free = append(p.free, w)
}

// solveSliced solves a unit as solve does, with the same tables, slice by
// slice on o.Threads goroutines, calling o.Solving after each slice. With
// o.Storage, it goes on from the unit's checkpoint if there is one,
// telling o.Resumed, and writes one after a wave when o.CheckpointEvery
// has passed since the start or the last one.
func solveSliced(ctx context.Context, done *egtb.Tables, unit []egtb.Material, o *BuildOptions) ([]*egtb.Table, error) {
	s := newSlicedSolver(done, unit)
	first, before := s.resume(unit, o)
	var solved atomic.Uint64
	solved.Store(before)
	last, saved := time.Now(), before // the time and count of the start or the last checkpoint
	// Hand out small slices by the chunk, large ones one by one.
	full := s.slicing.sliceOf(menPlacement{})
	batch := max(1, layout.ChunkSize/uint64(full.size))
	for wave := first; wave < s.slicing.waves(); wave++ {
		err := layout.ForChunksOf(ctx, o.Threads, s.slicing.candidates(wave), batch, func(_ int, lo, hi uint64) error {
			// Scratch is taken for a slice found, so that no more of it is
			// held than slices are solved at once.
			var w *sliceScratch
			defer func() {
				if w != nil {
					s.scratch.put(w)
				}
			}()
			for k := lo; k < hi; k++ {
				sl, ok := s.slicing.sliceAt(wave, k)
				if !ok {
					continue
				}
				if w == nil {
					w = s.scratch.get(len(s.out))
				}
				if err := s.solveSlice(ctx, w, &sl); err != nil {
					return err
				}
				if o.Solving != nil {
					o.Solving(solved.Add(uint64(sl.size)))
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		s.finishWave()
		// A checkpoint holds more solved than the last one; the last
		// wave's tables are saved at once, without one.
		if o.Storage != nil && wave+1 < s.slicing.waves() && solved.Load() > saved && time.Since(last) >= o.CheckpointEvery {
			if err := o.Storage.SaveCheckpoint(unit[0], func(w io.Writer) error {
				return s.writeCheckpoint(w, wave+1, solved.Load())
			}); err != nil {
				return nil, fmt.Errorf("tables %v: checkpoint: %w", unit, err)
			}
			last, saved = time.Now(), solved.Load()
		}
	}
	tabs := make([]*egtb.Table, len(s.out))
	for t, out := range s.out {
		tabs[t] = out.table(s.stats[t])
	}
	return tabs, nil
}

// newSlicedSolver is the solver of unit, with its tables not written yet.
func newSlicedSolver(done *egtb.Tables, unit []egtb.Material) *slicedSolver {
	s := &slicedSolver{unit: unit, done: done, slicing: newSlicing(unit), stats: make([]egtb.Stats, len(unit))}
	for _, l := range s.slicing.layouts {
		s.out = append(s.out, newTableWriter(l))
	}
	return s
}

// resume reads the unit's checkpoint from o.Storage into s, if there
// is one, and returns the wave to go on with and the positions solved
// before it: 0 and 0 without.
func (s *slicedSolver) resume(unit []egtb.Material, o *BuildOptions) (wave int, solved uint64) {
	if o.Storage == nil {
		return 0, 0
	}
	if !o.Storage.LoadCheckpoint(unit[0], func(r io.Reader) (err error) {
		wave, solved, err = s.readCheckpoint(r)
		return err
	}) {
		return 0, 0
	}
	if o.Resumed != nil {
		o.Resumed(unit, wave, s.slicing.waves(), solved)
	}
	return wave, solved
}

// finishWave ends a wave once its slices are solved: the distances too
// long for their tables are written (widening them), and the scratches'
// counts added to the unit's.
func (s *slicedSolver) finishWave() {
	for t, out := range s.out {
		var long []slotDistance
		for _, w := range s.scratch.made {
			long = append(long, w.long[t]...)
			w.long[t] = w.long[t][:0]
			s.stats[t].Merge(w.stats[t])
			w.stats[t] = egtb.Stats{}
		}
		out.widen(long)
	}
}

// solveSlice solves sl, whose man moves lead into solved slices, and
// writes its values into the tables.
func (s *slicedSolver) solveSlice(ctx context.Context, w *sliceScratch, sl *slice) error {
	w.reset(sl.size)
	for k := range sl.halves {
		h := &sl.halves[k]
		for u := h.base; u < h.base+h.kingPlacements(); u++ {
			if u%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if err := s.initialize(w, sl, k, u); err != nil {
				l := s.slicing.layouts[h.table]
				g, _ := h.position(u)
				return slotError(egtb.MaterialOf(l.Count), l.Index(g), err)
			}
		}
	}
	start := 0 // of the level's part of the queue
	for level := 0; level < len(w.candidates) || start < len(w.queue); level++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if level < len(w.candidates) {
			for c := w.candidates[level]; c != 0; c = w.next[c-1] {
				if st := w.state[c-1]; statusOf(st) == statusUndecided {
					w.decide(c-1, candidateStatus(st), level)
				}
			}
		}
		if err := checkLevel(s.unit, level); err != nil {
			return err
		}
		end := len(w.queue)
		for _, u := range w.queue[start:end] {
			if err := s.propagate(w, sl, u, level); err != nil {
				return err
			}
		}
		start = end
	}
	s.write(w, sl)
	return nil
}

// reset prepares w for a slice of n local numbers.
func (w *sliceScratch) reset(n uint32) {
	if uint32(cap(w.state)) < n {
		w.state, w.next, w.queue = make([]uint32, n), make([]uint32, n), make([]uint32, 0, n)
	}
	w.state, w.next, w.queue = w.state[:n], w.next[:n], w.queue[:0]
	w.candidates = w.candidates[:0]
}

// addCandidate chains local number u to the candidates of level.
func (w *sliceScratch) addCandidate(level int, u uint32) {
	for len(w.candidates) <= level {
		w.candidates = append(w.candidates, 0)
	}
	w.next[u] = w.candidates[level]
	w.candidates[level] = u + 1
}

// decide sets the value of the undecided local number u and queues it.
func (w *sliceScratch) decide(u, status uint32, level int) {
	w.state[u] = decidedState(status, level)
	w.queue = append(w.queue, u)
}

// initialize sets the state of local number u of half k of sl from its
// moves: captures and promotions looked up in the finished tables, man
// moves in the unit's tables (their slices are solved), king moves
// counted.
func (s *slicedSolver) initialize(w *sliceScratch, sl *slice, k int, u uint32) error {
	h := &sl.halves[k]
	g, ok := h.position(u)
	if !ok {
		w.state[u] = statusUnused << statusShift
		return nil
	}
	white, black, kings := g[layout.GroupWhiteMen]|g[layout.GroupWhiteKings], g[layout.GroupBlackMen]|g[layout.GroupBlackKings], g[layout.GroupWhiteKings]|g[layout.GroupBlackKings]
	captures := engine.WhiteMoves(white, black, kings, &w.moves)
	into := len(s.out) - 1 - h.table
	exits, quiet := newExitValues(), 0
	for _, m := range w.moves.Slice() {
		if kings&(1<<m.From) != 0 && !captures {
			quiet++ // a king move, within the slice
			continue
		}
		var r egtb.Result
		var err error
		if leavesUnit(captures, kings, m) {
			r, err = playedResult(s.done, white, black, kings, m)
		} else {
			after := g
			after[layout.GroupWhiteMen] ^= 1<<m.From | 1<<m.To
			r, err = s.manMoveResult(into, &after, m)
		}
		if err != nil {
			return err
		}
		exits.add(r)
	}
	st, err := exits.state(quiet)
	if err != nil {
		return err
	}
	if captures {
		st |= captureFlag
	}
	w.state[u] = st
	if _, level, ok := exits.settled(quiet); ok {
		w.addCandidate(level, u)
	}
	return nil
}

// manMoveResult is the value, for White, of the man move m that leads to
// after (Black to move), in a slice solved before.
func (s *slicedSolver) manMoveResult(into int, after *[layout.NumGroups]uint64, m engine.Move) (egtb.Result, error) {
	r, ok := s.out[into].result(s.slicing.layouts[into].Index(swapColours(after)))
	if !ok {
		return egtb.Result{}, fmt.Errorf("the man move %v leads into a slice not solved yet", m)
	}
	return r.Parent(), nil
}

// propagate passes the value of local number u, decided at level, to its
// predecessors in the slice (by a king move), by the retrograde rule
// (retrograde.go: a predecessor of a loss wins at level+1, afterWin for
// one of a win).
func (s *slicedSolver) propagate(w *sliceScratch, sl *slice, u uint32, level int) error {
	k := 0
	if len(sl.halves) == 2 && u >= sl.halves[1].base {
		k = 1
	}
	g, _ := sl.halves[k].position(u)
	back := &sl.halves[sl.into(k)] // where the predecessors are
	after := back.normalize(swapColours(&g))
	won := statusOf(w.state[u]) == statusWin
	white, black, kings := after[layout.GroupWhiteMen]|after[layout.GroupWhiteKings], after[layout.GroupBlackMen]|after[layout.GroupBlackKings], after[layout.GroupWhiteKings]|after[layout.GroupBlackKings]
	for pieces := after[layout.GroupWhiteKings]; pieces != 0; pieces &= pieces - 1 {
		to := engine.Square(bits.TrailingZeros64(pieces))
		for sources := engine.WhiteUnmoveSources(white, black, kings, to); sources != 0; sources &= sources - 1 {
			before := after
			before[layout.GroupWhiteKings] ^= uint64(1)<<to | 1<<bits.TrailingZeros64(sources)
			p := back.local(&before)
			st := w.state[p]
			switch {
			case statusOf(st) != statusUndecided || st&captureFlag != 0:
			case !won:
				w.decide(p, statusWin, level+1)
			default:
				st, at, err := afterWin(st, level)
				if err != nil {
					l := s.slicing.layouts[back.table]
					return slotError(egtb.MaterialOf(l.Count), l.Index(before), err)
				}
				w.state[p] = st
				switch {
				case at == level+1:
					w.decide(p, statusLoss, at)
				case at > level+1:
					w.addCandidate(at, p)
				}
			}
		}
	}
	return nil
}

// write writes the values of sl into the tables, each slot once.
func (s *slicedSolver) write(w *sliceScratch, sl *slice) {
	for k := range sl.halves {
		h := &sl.halves[k]
		symmetric := h.men.mirrored() == h.men
		l := s.slicing.layouts[h.table]
		for u := h.base; u < h.base+h.kingPlacements(); u++ {
			st := w.state[u]
			if statusOf(st) == statusUnused {
				continue
			}
			g, _ := h.position(u)
			if symmetric {
				if m := layout.MirrorGroups(g); h.local(&m) < u {
					continue // its mirror image, the same slot, is written
				}
			}
			r := resultOf(st)
			s.out[h.table].set(l.Index(g), r, &w.long[h.table])
			w.stats[h.table].Add(r)
		}
	}
}
