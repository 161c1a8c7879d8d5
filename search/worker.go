// A worker is one search thread: its own tree state (positions, move lists,
// killers, history, principal variations) and its iterative-deepening loop
// over the root moves with aspiration windows and multi-PV. Worker 0 is the
// main thread: it keeps time, reports progress and gives the result; the
// others (Lazy SMP helpers) only fill the shared table, skipping some depths
// so that they search ahead of the main thread rather than alongside it.

package search

import (
	"slices"
	"sync/atomic"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
)

const (
	// maxPly bounds the search tree's height (extensions included).
	maxPly = 128
	// infinity is beyond every score.
	infinity = Win + 1
	// pollInterval is how many nodes pass between looks at the clock and
	// publications of the node count (a power of two).
	pollInterval = 1024
	// depthOneGrace and depthOneNodes bound the main thread's completion of
	// depth 1 after a stop (a cancelled context) or a node limit: depth 1
	// of an ordinary position takes microseconds and a few hundred nodes,
	// but a dense position of kings may need millions of capture nodes.
	// Past the bound the search answers the best move so far (the first
	// legal move when nothing better is known). A time limit bounds it at
	// its hard limit.
	depthOneGrace = 10 * time.Millisecond
	depthOneNodes = 10_000
)

// The evaluation's stack holds the whole path: this constant does not
// compile otherwise.
const _ = uint(eval.StackPlies - maxPly - 1)

// rootMove is a legal move at the root with its latest score and line.
type rootMove struct {
	move      engine.Move
	score     Score // this iteration's score, -infinity if not better than alpha
	prevScore Score // last completed iteration's score
	pv        []engine.Move
	selDepth  int
	nodes     int64 // nodes spent on this move in the current iteration
}

type worker struct {
	id       int
	s        *Searcher
	st       *searchState
	tt       *table
	tb       Tablebase // nil: no tables
	tbPieces int       // tb's MostPieces
	limits   Limits
	infinite bool
	// selective: the search prunes and reduces (reverse futility, late
	// move pruning, late move reductions, internal iterative reduction);
	// false is Options.FullWidth.
	selective bool
	// combinations is Options.Combinations (combinations.go).
	combinations bool
	info         func(Info) // main thread only; may be nil

	frames [maxPly + 1]frame // frames[ply]: the path's ply
	// evalStack is the evaluation's states of the path's positions.
	evalStack eval.Stack
	history   [2][64][64]int32
	counter   [2][64][64]engine.Move // the quiet move that refuted a move (by side to move, the move's squares)
	keys      []uint64               // keys of the game since its last irreversible move, then of the path
	base      int                    // index in keys of the root

	nodes     int64
	published atomic.Int64 // nodes, published every pollInterval nodes and at the end
	tbHits    int64        // table probes that found the position
	tbShown   atomic.Int64 // tbHits, published with the nodes
	others    int64        // main thread: the helpers' nodes at the last poll
	selDepth  int
	stopped   bool
	root      []rootMove
	multiPV   int
	pvIdx     int
	completed int // last completed depth
	// stopSeen is when the main thread first saw a stop before depth 1 was
	// complete (zero: not yet); depthOneOver, that it must stop even so.
	stopSeen     time.Time
	depthOneOver bool

	clock clock // main thread only
	best  Result
	turns chan struct{} // the helpers' turns to run (turns.go); nil: no turns
}

func newWorker(id int) *worker { return &worker{id: id} }

func (w *worker) clearTables() {
	for i := range w.frames {
		w.frames[i].killers = [2]engine.Move{}
	}
	w.history = [2][64][64]int32{}
	w.counter = [2][64][64]engine.Move{}
}

// prepare sets the worker up for a search of root.
func (w *worker) prepare(s *Searcher, st *searchState, root engine.Position, keys []uint64, noProgress int, l *engine.MoveList, limits Limits, infinite bool, info func(Info)) {
	w.s, w.st, w.tt, w.limits, w.infinite, w.info = s, st, s.tt, limits, infinite, info
	w.selective = !s.opts.FullWidth
	w.combinations = s.opts.Combinations
	w.tb, w.tbPieces = s.opts.Tablebase, 0
	if w.tb != nil {
		w.tbPieces = w.tb.MostPieces()
	}
	w.frames[0].pos = root
	w.evalStack.Reset(s.opts.Eval, &root)
	w.keys = append(slices.Grow(w.keys[:0], len(keys)+maxPly+2), keys...)
	w.base = len(keys) - 1
	w.keys = w.keys[:w.base+maxPly+2]
	w.frames[0].quiet = noProgress
	w.nodes, w.others, w.selDepth, w.stopped, w.completed, w.tbHits = 0, 0, 0, false, 0, 0
	w.stopSeen, w.depthOneOver = time.Time{}, false
	w.published.Store(0)
	w.tbShown.Store(0)
	w.root = w.root[:0]
	for _, m := range l.Slice() {
		w.root = append(w.root, rootMove{move: m, score: -infinity, prevScore: -infinity, pv: append(make([]engine.Move, 0, maxPly+1), m)})
	}
	w.multiPV = 1
	if w.id == 0 {
		w.multiPV = min(max(limits.MultiPV, 1), len(w.root))
		w.clock.init(limits, st.start, time.Now)
		w.best = Result{Move: w.root[0].move, HasMove: true}
	}
}

// helper depth skipping (Lazy SMP): helper i skips depth d when
// ((d + skipPhase) / skipSize) is odd, so helpers spread over two or more
// depths ahead of the main thread.
var (
	skipSize  = [20]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [20]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

// run is the iterative-deepening loop.
func (w *worker) run() {
	defer w.publish()
	if w.id > 0 {
		w.takeTurn()
		defer w.endTurn()
	}
	last := MaxDepth
	if w.limits.Depth > 0 {
		last = min(w.limits.Depth, MaxDepth)
	}
	for depth := 1; depth <= last; depth++ {
		if w.id > 0 && depth > 1 {
			i := (w.id - 1) % len(skipSize)
			if ((depth+skipPhase[i])/skipSize[i])%2 != 0 {
				continue
			}
		}
		w.iterate(depth)
		if w.stopped {
			break
		}
		w.completed = depth
		for i := range w.root {
			w.root[i].prevScore = w.root[i].score
		}
		if w.id == 0 {
			w.finishIteration(depth)
			if w.doneAfter(depth) {
				break
			}
		}
	}
	if w.id == 0 {
		w.st.stop.Store(true) // the helpers stop with the main thread
	}
}

// iterate searches every principal variation to depth, each in an
// aspiration window around its previous score.
func (w *worker) iterate(depth int) {
	for i := range w.root {
		w.root[i].nodes = 0
	}
	for w.pvIdx = 0; w.pvIdx < w.multiPV; w.pvIdx++ {
		prev := w.root[w.pvIdx].prevScore
		delta := Score(25)
		alpha, beta := -infinity, infinity
		if depth >= 4 && !prev.IsWin() && prev > -infinity {
			alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
		}
		for {
			w.selDepth = 0
			score := w.searchRoot(alpha, beta, depth)
			slices.SortStableFunc(w.root[w.pvIdx:], byScore)
			if w.stopped {
				return
			}
			if score <= alpha && alpha > -infinity {
				beta = (alpha + beta) / 2
				alpha = max(score-delta, -infinity)
			} else if score >= beta && beta < infinity {
				beta = min(score+delta, infinity)
			} else {
				break
			}
			delta += delta
		}
		slices.SortStableFunc(w.root[:w.pvIdx+1], byScore)
	}
}

func byScore(a, b rootMove) int { return int(b.score) - int(a.score) }

// searchRoot searches the root moves from pvIdx on; the others are the
// better lines already found at this depth.
func (w *worker) searchRoot(alpha, beta Score, depth int) Score {
	best := -infinity
	root := &w.frames[0].pos
	for i := w.pvIdx; i < len(w.root); i++ {
		w.root[i].score = -infinity
	}
	for i := w.pvIdx; i < len(w.root); i++ {
		rm := &w.root[i]
		w.frames[1].pos = root.Play(rm.move)
		w.enter(1, rm.move)
		nodes := w.nodes
		var s Score
		if i == w.pvIdx {
			s = -w.search(-beta, -alpha, depth-1, 1, true)
		} else {
			s = -w.search(-alpha-1, -alpha, depth-1, 1, false)
			if s > alpha && s < beta {
				s = -w.search(-beta, -alpha, depth-1, 1, true)
			}
		}
		rm.nodes += w.nodes - nodes
		if w.stopped {
			return best
		}
		if i == w.pvIdx || s > alpha {
			rm.score = s
			rm.selDepth = w.selDepth
			rm.pv = append(rm.pv[:1], w.frames[1].pv[1:w.frames[1].pvLen]...)
		}
		if w.id == 0 && w.pvIdx == 0 && i > 0 && s > alpha && s < beta {
			w.newBest(rm, depth)
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					return s
				}
			}
		}
	}
	return best
}

// finishIteration records the main thread's result and reports the lines.
func (w *worker) finishIteration(depth int) {
	rm := &w.root[0]
	w.clock.update(rm.move, rm.score, w.bestEffort())
	w.best = Result{Move: rm.move, HasMove: true, Score: rm.score, Depth: depth}
	if len(rm.pv) > 1 {
		w.best.Ponder = rm.pv[1]
	}
	if w.info == nil {
		return
	}
	nodes := w.totalNodes()
	elapsed := time.Since(w.st.start)
	nps := int64(float64(nodes) / max(elapsed.Seconds(), 1e-6))
	hashfull := w.tt.hashfull()
	for i := range w.multiPV {
		rm := &w.root[i]
		w.info(Info{
			Depth: depth, SelDepth: rm.selDepth, Score: rm.score, Nodes: nodes,
			Time: elapsed, NPS: nps, Hashfull: hashfull, MultiPV: i + 1,
			PV: slices.Clone(rm.pv), TBHits: w.totalTBHits(),
		})
	}
}

// bestEffort is the share of the last iteration's nodes that its best
// move took.
func (w *worker) bestEffort() float64 {
	var total int64
	for i := range w.root {
		total += w.root[i].nodes
	}
	return float64(w.root[0].nodes) / float64(max(total, 1))
}

// newBest takes rm, which has just become the best move with an exact
// score in the iteration of depth, as the result should the search stop
// before the iteration ends, and reports it. In multi-PV the lines are
// reported together at the end of each iteration, and the result stays
// the top line last reported: the answer is always the first move of the
// top line a front-end saw last.
func (w *worker) newBest(rm *rootMove, depth int) {
	if w.multiPV > 1 {
		return
	}
	w.best = Result{Move: rm.move, HasMove: true, Score: rm.score, Depth: w.completed}
	if len(rm.pv) > 1 {
		w.best.Ponder = rm.pv[1]
	}
	if w.info != nil {
		nodes := w.totalNodes()
		elapsed := time.Since(w.st.start)
		w.info(Info{
			Depth: depth, SelDepth: rm.selDepth, Score: rm.score, Nodes: nodes, Time: elapsed,
			NPS: int64(float64(nodes) / max(elapsed.Seconds(), 1e-6)), Hashfull: w.tt.hashfull(),
			MultiPV: 1, PV: slices.Clone(rm.pv), TBHits: w.totalTBHits(),
		})
	}
}

// doneAfter reports whether the main thread should stop after completing depth.
func (w *worker) doneAfter(depth int) bool {
	if w.infinite || (w.limits.Ponder && w.st.hit.Load() == 0) || w.limits.Analysis {
		return false
	}
	if !w.clock.timed {
		return false
	}
	if len(w.root) == 1 {
		return true
	}
	if s := w.root[0].score; s.IsWin() && depth >= int(Win-abs32(s))+2 {
		return true // a forced result found, and searched beyond its length
	}
	return w.clock.enough()
}

func abs32(s Score) Score {
	if s < 0 {
		return -s
	}
	return s
}

// result is the main thread's answer.
func (w *worker) result() Result { return w.best }

// totalNodes is the main thread's view of the nodes of all threads.
func (w *worker) totalNodes() int64 {
	n := w.nodes
	for _, h := range w.s.workers[1:] {
		n += h.published.Load()
	}
	return n
}

// totalTBHits is the main thread's view of the table hits of all threads.
func (w *worker) totalTBHits() int64 {
	n := w.tbHits
	for _, h := range w.s.workers[1:] {
		n += h.tbShown.Load()
	}
	return n
}

// publish makes the node and table hit counts visible to the main thread.
func (w *worker) publish() {
	w.published.Store(w.nodes)
	w.tbShown.Store(w.tbHits)
}

// poll counts a node and reports whether the search must stop. Every
// pollInterval nodes it publishes the count and, in the main thread, checks
// the clock, the node limit and a ponder hit.
func (w *worker) poll() bool {
	if w.stopped {
		return true
	}
	w.nodes++
	if w.nodes&(pollInterval-1) == 0 {
		w.publish()
		w.passTurn()
		if w.id == 0 {
			w.others = w.totalNodes() - w.nodes
			w.checkClock()
		}
	}
	if w.id == 0 && w.limits.Nodes > 0 && w.nodes+w.others >= w.limits.Nodes {
		if w.completed > 0 {
			w.st.stop.Store(true)
		} else if w.nodes+w.others >= w.limits.Nodes+depthOneNodes {
			w.st.stop.Store(true)
			w.depthOneOver = true
		}
	}
	// The main thread completes depth 1 (microseconds) before it stops, so
	// that even a search stopped at once answers a searched move, unless
	// that takes too long (depthOneOver).
	if w.st.stop.Load() && (w.completed > 0 || w.id != 0 || w.depthOneOver) {
		w.stopped = true
	}
	return w.stopped
}

// checkClock starts the clock on a ponder hit and stops the search at the
// hard time limit. Before depth 1 is complete, a stop waits for it at most
// depthOneGrace, and the hard limit not at all.
func (w *worker) checkClock() {
	if !w.clock.timed && w.limits.Ponder {
		if h := w.st.hit.Load(); h != 0 {
			w.clock.start(w.st.start.Add(time.Duration(h - 1)))
		}
	}
	if w.clock.timed && w.clock.overHard() {
		w.st.stop.Store(true)
		if w.completed == 0 {
			w.depthOneOver = true
		}
	}
	if w.completed == 0 && w.st.stop.Load() {
		if w.stopSeen.IsZero() {
			w.stopSeen = time.Now()
		} else if time.Since(w.stopSeen) >= depthOneGrace {
			w.depthOneOver = true
		}
	}
}

// enter records the key, the move and the no-progress count of the
// position at ply, reached by move m from ply-1, and pushes it on the
// evaluation's stack.
func (w *worker) enter(ply int, m engine.Move) {
	f, prev := &w.frames[ply], &w.frames[ply-1]
	w.keys[w.base+ply] = f.pos.Key()
	w.evalStack.Push(ply)
	f.move = m
	if prev.pos.IsIrreversible(m) {
		f.quiet = 0
	} else {
		f.quiet = prev.quiet + 1
	}
}

// isRepetition reports whether the position at ply occurred before in the
// game or on the search path (a single repetition is scored as a draw).
func (w *worker) isRepetition(ply int) bool {
	i := w.base + ply
	key := w.keys[i]
	for j := i - 4; j >= max(i-w.frames[ply].quiet, 0); j -= 2 {
		if w.keys[j] == key {
			return true
		}
	}
	return false
}
