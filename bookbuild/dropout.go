// Building a book by drop-out expansion (Lincke): the book is a tree of
// searched positions from the start position; every move of a book position
// carries a score, backed up by minimax from the book positions below it or,
// at the leaves, taken from a search; the next leaf to expand is the one
// whose path from the root costs least, a path's cost being the score each
// move on it gives away against the best move of its position plus a fixed
// cost per ply. Leaves are expanded in parallel, and a build can resume from
// its own output.

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
// own, so an Evaluator need not be safe for concurrent use.
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

// DropOut configures a drop-out build.
type DropOut struct {
	Positions    int                       // target number of book positions
	Workers      int                       // parallel evaluators, at least 1
	PlyCost      int                       // cost per ply (DefaultPlyCost when 0)
	NewEvaluator func() (Evaluator, error) // makes one worker's evaluator
	Info         string                    // what built the book, for the header
	// Progress, when set, is called with the number of book positions after
	// each batch of expansions.
	Progress func(done, total int)
	// Checkpoint, when set, is called with the book so far every
	// CheckpointEvery (and is how an interrupted build keeps its work).
	Checkpoint      func(*book.Book) error
	CheckpointEvery time.Duration
}

// batchDivisor sets how many leaves are expanded between two selections: a
// 64th of the book (at least one per worker), so selecting, which walks the
// whole book, costs little against the searches while the order of
// expansion stays close to one leaf at a time.
const batchDivisor = 64

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
	leaves map[uint64]int // scores of searched leaf positions, for their side to move
}

// Build runs the drop-out expansion, continuing from the book from (nil to
// start afresh), until the book holds o.Positions positions or ctx ends.
// On cancellation it returns the book as far as it got, with ctx's error.
func (o DropOut) Build(ctx context.Context, from *book.Book) (*book.Book, error) {
	if o.Positions < 1 || o.Workers < 1 || o.NewEvaluator == nil {
		return nil, fmt.Errorf("drop-out build needs positions (%d) and workers (%d) at least 1 and an evaluator", o.Positions, o.Workers)
	}
	if o.PlyCost <= 0 {
		o.PlyCost = DefaultPlyCost
	}
	evals := make([]Evaluator, o.Workers)
	for i := range evals {
		e, err := o.NewEvaluator()
		if err != nil {
			return nil, err
		}
		evals[i] = e
	}
	t := &dropTree{nodes: map[uint64]*dropNode{}, leaves: map[uint64]int{}}
	for _, e := range from.Entries() {
		var scores []int
		for _, m := range e.Moves {
			scores = append(scores, int(m.Score))
		}
		n := newDropNode(e.Position, e.Moves, scores)
		for i, q := range n.kids {
			t.leaves[q.Key()] = -n.scores[i]
		}
		t.nodes[e.Position.Key()] = n
	}
	lastSave := time.Now()
	for len(t.nodes) < o.Positions {
		t.backUp()
		batch := t.cheapestLeaves(min(max(o.Workers, len(t.nodes)/batchDivisor), o.Positions-len(t.nodes)), o.PlyCost)
		if len(batch) == 0 {
			break // every line ends in a finished game
		}
		if err := t.expand(ctx, batch, evals); err != nil {
			b, berr := t.toBook(o.Info)
			return b, errors.Join(err, berr)
		}
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

// backUp recomputes every node's value and the scores of moves into other
// nodes by minimax from the leaves. A move that closes a cycle keeps its
// stored score.
func (t *dropTree) backUp() {
	for _, n := range t.nodes {
		n.state = 0
	}
	for _, n := range t.nodes {
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
// from the start position (Dijkstra over the book, costs never negative).
// The start position itself is the first leaf of an empty book.
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

// expand makes book nodes of the positions in batch, searching the
// positions after their moves that are neither book positions nor searched
// leaves, spread over the evaluators.
func (t *dropTree) expand(ctx context.Context, batch []engine.Position, evals []Evaluator) error {
	var todo []engine.Position
	queued := map[uint64]bool{}
	for _, p := range batch {
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			_, known := t.leaves[q.Key()]
			if t.nodes[q.Key()] == nil && !known && !queued[q.Key()] && q.CountMoves() > 0 {
				queued[q.Key()] = true
				todo = append(todo, q)
			}
		}
	}
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
				t.leaves[q.Key()] = s
				mu.Unlock()
			}
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
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
		t.nodes[p.Key()] = newDropNode(p, moves, scores)
	}
	return nil
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
	for _, n := range t.nodes {
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
