// Building a book by drop-out expansion (Lincke): the book is a tree of
// searched positions from the start position; every move of a book position
// carries a score, backed up by minimax from the book positions below it or,
// at the leaves, taken from a search; the next leaves to expand are those
// whose paths from the root cost least, a path's cost being the score each
// move on it gives away against the best move of its position plus a fixed
// cost per ply. The expansion goes in rounds, each expanding a fixed share
// of the book (the growth), so that its course depends only on the leaf
// scores: the leaves of a round are searched in parallel, by the workers of
// one process or by the shards of a cluster job (shard.go), and a build can
// resume from its own output.

package bookbuild

import (
	"cmp"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
	"golang.org/x/sync/errgroup"
)

// Evaluator scores positions for the drop-out builder; each worker has its
// own, so an Evaluator need not be safe for concurrent use. For a build
// that can be sharded and resumed, a position's score must depend on the
// position alone, not on what was evaluated before.
type Evaluator interface {
	// Evaluate is p's score for its side to move in hundredths of a man.
	// p always has a legal move.
	Evaluate(ctx context.Context, p *engine.Position) (int, error)
}

// DefaultPlyCost is the drop-out cost of one ply, in hundredths of a man:
// a tenth of a man lets the main lines run several plies deeper than the
// side lines that give away a tenth of a man each, while still widening the
// book near the root.
const DefaultPlyCost = 10

// DefaultGrowth is the share of the book, in percent, expanded in one round:
// small enough that the order of expansion stays close to one leaf at a time
// (the backed-up scores steer every round), large enough that a round gives
// the workers many leaves to search at once.
const DefaultGrowth = 2

// DropOut configures a drop-out build.
type DropOut struct {
	Positions    int                       // target number of book positions
	Workers      int                       // parallel evaluators, at least 1
	PlyCost      int                       // cost per ply (DefaultPlyCost when 0)
	Growth       int                       // percent of the book expanded per round (DefaultGrowth when 0)
	NewEvaluator func() (Evaluator, error) // makes one worker's evaluator
	Info         string                    // what built the book, for the header
	// Progress, when set, is called with the units done after each round
	// (book positions) or each search (a shard's leaves).
	Progress func(done, total int)
	// Checkpoint, when set, is called with the book so far every
	// CheckpointEvery, between rounds (and is how an interrupted build
	// keeps its work).
	Checkpoint      func(*book.Book) error
	CheckpointEvery time.Duration
	// Found, when set, is called with each leaf score as it is found, from
	// one goroutine at a time: the scores of a round cut short, which the
	// book does not hold, may be kept this way and given back as Known.
	Found func(LeafScore) error
	// Known are leaf scores found before (by an interrupted build of the
	// same settings), not searched again.
	Known []LeafScore
}

// dropNode is an expanded (book) position: its legal moves and their scores
// for its side to move.
type dropNode struct {
	pos    engine.Position
	moves  []engine.Move
	kids   []engine.Position // the positions after the moves
	ended  []bool            // whether the position after the move has no move
	scores []int
	value  int  // best score, after backUp
	state  int8 // backUp's visit mark
}

// dropTree is the book being built.
type dropTree struct {
	nodes  map[uint64]*dropNode
	order  []*dropNode    // the nodes in the order they were made, for a deterministic backUp
	leaves map[uint64]int // scores of searched leaf positions, for their side to move
}

// round is one round of the expansion: the leaves to expand and the
// positions after their moves still to be searched.
type round struct {
	batch []engine.Position
	todo  []engine.Position
}

// check validates o and fills in its defaults.
func (o *DropOut) check() error {
	if o.Positions < 1 || o.Workers < 1 {
		return fmt.Errorf("drop-out build needs positions (%d) and workers (%d) at least 1", o.Positions, o.Workers)
	}
	if o.PlyCost <= 0 {
		o.PlyCost = DefaultPlyCost
	}
	if o.Growth <= 0 {
		o.Growth = DefaultGrowth
	}
	return nil
}

// evaluators makes one evaluator per worker.
func (o DropOut) evaluators() ([]Evaluator, error) {
	if o.NewEvaluator == nil {
		return nil, errors.New("drop-out build needs an evaluator")
	}
	evals := make([]Evaluator, o.Workers)
	for i := range evals {
		e, err := o.NewEvaluator()
		if err != nil {
			return nil, err
		}
		evals[i] = e
	}
	return evals, nil
}

// Build runs the drop-out expansion, continuing from the book from (nil to
// start afresh), until the book holds o.Positions positions or ctx ends.
// On cancellation it returns the book as far as it got, with ctx's error.
func (o DropOut) Build(ctx context.Context, from *book.Book) (*book.Book, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	evals, err := o.evaluators()
	if err != nil {
		return nil, err
	}
	t := newDropTree()
	for _, l := range o.Known {
		t.leaves[l.Position.Key()] = l.Score
	}
	for _, e := range from.Entries() {
		var scores []int
		for _, m := range e.Moves {
			scores = append(scores, int(m.Score))
		}
		n := newDropNode(e.Position, e.Moves, scores)
		for i, q := range n.kids {
			t.leaves[q.Key()] = -n.scores[i]
		}
		t.addNode(n)
	}
	lastSave := time.Now()
	for {
		r, ok := t.nextRound(o)
		if !ok {
			break
		}
		err := searchLeaves(ctx, r.todo, evals, func(q engine.Position, s int) error {
			t.leaves[q.Key()] = s
			if o.Found != nil {
				return o.Found(LeafScore{Position: q, Score: s})
			}
			return nil
		})
		if err != nil {
			t.backUp()
			b, berr := t.toBook(o.Info)
			return b, errors.Join(err, berr)
		}
		t.expand(r.batch)
		if o.Progress != nil {
			o.Progress(len(t.nodes), o.Positions)
		}
		if o.Checkpoint != nil && time.Since(lastSave) >= o.CheckpointEvery {
			t.backUp()
			b, err := t.toBook(o.Info)
			if err == nil {
				err = o.Checkpoint(b)
			}
			if err != nil {
				return nil, err
			}
			lastSave = time.Now()
		}
	}
	t.backUp()
	return t.toBook(o.Info)
}

func newDropTree() *dropTree {
	return &dropTree{nodes: map[uint64]*dropNode{}, leaves: map[uint64]int{}}
}

// addNode adds n to the book.
func (t *dropTree) addNode(n *dropNode) {
	t.nodes[n.pos.Key()] = n
	t.order = append(t.order, n)
}

// nextRound backs up the scores and finds the next round's leaves: a
// Growth share of the book (at least one, at most what the target lacks),
// and the positions after their moves that are neither book positions nor
// searched leaves, nor ended games, in a fixed order. It reports false when
// the book is complete.
func (t *dropTree) nextRound(o DropOut) (round, bool) {
	if len(t.nodes) >= o.Positions {
		return round{}, false
	}
	t.backUp()
	k := min(max(1, len(t.nodes)*o.Growth/100), o.Positions-len(t.nodes))
	batch := t.cheapestLeaves(k, o.PlyCost)
	if len(batch) == 0 {
		return round{}, false // every line ends in a finished game
	}
	r := round{batch: batch}
	queued := map[uint64]bool{}
	for _, p := range batch {
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			_, known := t.leaves[q.Key()]
			if t.nodes[q.Key()] == nil && !known && !queued[q.Key()] && q.CountMoves() > 0 {
				queued[q.Key()] = true
				r.todo = append(r.todo, q)
			}
		}
	}
	return r, true
}

// backUp recomputes every node's value and the scores of moves into other
// nodes by minimax from the leaves. A move that closes a cycle keeps its
// stored score.
func (t *dropTree) backUp() {
	for _, n := range t.order {
		n.state = 0
	}
	for _, n := range t.order {
		t.visit(n)
	}
}

// visit backs up n's subtree (state 0 new, 1 in progress, 2 done).
func (t *dropTree) visit(n *dropNode) int {
	if n.state != 0 {
		return n.value // done, or a cycle: the value so far
	}
	n.state = 1
	for i := range n.kids {
		if c := t.nodes[n.kids[i].Key()]; c != nil && c.state != 1 {
			n.scores[i] = -t.visit(c)
		}
	}
	n.value = slices.Max(n.scores)
	n.state = 2
	return n.value
}

// leafCost is a leaf position with the cost of its cheapest path.
type leafCost struct {
	pos  engine.Position
	cost int
}

// costHeap is a min-heap of positions by path cost.
type costHeap []leafCost

func (h costHeap) Len() int           { return len(h) }
func (h costHeap) Less(i, j int) bool { return h[i].cost < h[j].cost }
func (h costHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *costHeap) Push(x any)        { *h = append(*h, x.(leafCost)) }
func (h *costHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// cheapestLeaves finds up to k unexpanded positions with the cheapest paths
// from the start position (Dijkstra over the book, costs never negative),
// ties broken by key. The start position itself is the first leaf of an
// empty book.
func (t *dropTree) cheapestLeaves(k, plyCost int) []engine.Position {
	start := engine.StartPosition()
	if t.nodes[start.Key()] == nil {
		return []engine.Position{start}
	}
	cost := map[uint64]int{start.Key(): 0}
	done := map[uint64]bool{}
	leaves := map[uint64]leafCost{}
	frontier := &costHeap{{start, 0}}
	for frontier.Len() > 0 {
		cur := heap.Pop(frontier).(leafCost)
		n := t.nodes[cur.pos.Key()]
		if done[cur.pos.Key()] || cur.cost > cost[cur.pos.Key()] {
			continue
		}
		done[cur.pos.Key()] = true
		for i, q := range n.kids {
			c := cur.cost + n.value - n.scores[i] + plyCost
			key := q.Key()
			if t.nodes[key] != nil {
				if old, ok := cost[key]; !ok || c < old {
					cost[key] = c
					heap.Push(frontier, leafCost{q, c})
				}
			} else if old, ok := leaves[key]; (!ok || c < old.cost) && !n.ended[i] {
				leaves[key] = leafCost{q, c}
			}
		}
	}
	list := make([]leafCost, 0, len(leaves))
	for _, l := range leaves {
		list = append(list, l)
	}
	slices.SortFunc(list, func(a, b leafCost) int {
		if a.cost != b.cost {
			return cmp.Compare(a.cost, b.cost)
		}
		return cmp.Compare(a.pos.Key(), b.pos.Key())
	})
	out := make([]engine.Position, 0, k)
	for _, l := range list[:min(k, len(list))] {
		out = append(out, l.pos)
	}
	return out
}

// searchLeaves scores the positions of todo, spread over the evaluators,
// passing each score to found (called by one goroutine at a time).
func searchLeaves(ctx context.Context, todo []engine.Position, evals []Evaluator, found func(engine.Position, int) error) error {
	var mu sync.Mutex
	next := 0
	g, gctx := errgroup.WithContext(ctx)
	for _, e := range evals {
		g.Go(func() error {
			for {
				mu.Lock()
				if next == len(todo) {
					mu.Unlock()
					return nil
				}
				q := todo[next]
				next++
				mu.Unlock()
				s, err := e.Evaluate(gctx, &q)
				if err != nil {
					return err
				}
				if err := gctx.Err(); err != nil {
					return err
				}
				mu.Lock()
				err = found(q, s)
				mu.Unlock()
				if err != nil {
					return err
				}
			}
		})
	}
	return g.Wait()
}

// expand makes book nodes of the positions in batch, whose moves lead to
// book positions, searched leaves or ended games.
func (t *dropTree) expand(batch []engine.Position) {
	for _, p := range batch {
		var moves []book.Move
		var scores []int
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			s, ok := t.leaves[q.Key()]
			if c := t.nodes[q.Key()]; c != nil {
				s = c.value // until backUp
			} else if !ok { // the opponent has no move: a win
				s = -winScore
			}
			moves = append(moves, book.Move{Move: m})
			scores = append(scores, -s)
		}
		t.addNode(newDropNode(p, moves, scores))
	}
}

// newDropNode makes the node of p with the given moves and their scores.
func newDropNode(p engine.Position, moves []book.Move, scores []int) *dropNode {
	n := &dropNode{pos: p, scores: scores}
	for _, m := range moves {
		q := p.Play(m.Move)
		n.moves = append(n.moves, m.Move)
		n.kids = append(n.kids, q)
		n.ended = append(n.ended, q.CountMoves() == 0)
	}
	return n
}

// winScore is a won position's score, a win in 0 plies.
const winScore = int(search.Win)

// toBook is the tree as a book: every move of every node, best first. A move
// has weight 1, so that it may be chosen, when it is the best, or when it
// leads to a book position (its score then comes from the deeper analysis
// below) and gives away at most a man; other moves have weight 0.
func (t *dropTree) toBook(info string) (*book.Book, error) {
	entries := make([]book.Entry, 0, len(t.nodes))
	for _, n := range t.order {
		e := book.Entry{Position: n.pos}
		best := slices.Max(n.scores)
		for i, m := range n.moves {
			w := uint32(0)
			if n.scores[i] == best || t.nodes[n.kids[i].Key()] != nil && n.scores[i] >= best-100 {
				w = 1
			}
			e.Moves = append(e.Moves, book.Move{Move: m, Weight: w, Score: int16(max(-winScore, min(winScore, n.scores[i])))})
		}
		sortMoves(e.Moves)
		entries = append(entries, e)
	}
	return book.New(info, entries)
}
