// The move tree of a game, as on an analysis board: each node a position
// reached by a move from its parent, the first child continuing the line
// and the others its variations. A cursor marks the node the board shows;
// the positions from the start to the cursor are counted for repetition as
// it moves, so adding a move costs the same at ply 10 as at ply 20,000. The
// tree remembers which nodes changed since the page was last told, so that
// a state carries only those.

package gui

import (
	"fmt"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// maxTreeMoves bounds the moves of a tree, variations included: the PDN
// reader's bound, so that every tree can be saved and read back.
const maxTreeMoves = pdn.MaxMoves

// node is one position of the tree and the move that reached it.
type node struct {
	id           int
	parent       *node   // nil at the root
	children     []*node // children[0] continues the line, the others are its variations
	move         engine.Move
	text         string // the move in notation
	pos          engine.Position
	ply          int           // moves from the start
	nesting      int           // variations entered on the way from the root
	irreversible bool          // the move was a capture or a man move
	rules        engine.Result // the rules' verdict on pos for its side to move
	eval         *float64      // engine score in men from White's side
	judgement    string        // "?!", "?" or "??" from a whole-game analysis
	verdict      *verdict      // what a whole-game analysis found of the move
	clock        *[2]time.Duration
	spent        time.Duration // the mover's time on this move, in timed games
	comment      string        // a record's comment after the move (at the root: before the first)
	before       string        // a record's comment before a variation's first move
}

// tree is a move tree with a cursor.
type tree struct {
	root, cursor *node
	mainEnd      *node // the last node of the main line
	byID         map[int]*node
	nextID       int
	moves        int                // nodes other than the root
	path         engine.Occurrences // the positions from the root to the cursor
	changed      map[*node]bool     // nodes the page has not seen as they are now
	removed      []int              // ids of nodes removed since the page was told
	reset        bool               // the page must drop its tree and take the nodes sent
	added        []*node            // nodes added since the page was told
	reordered    bool               // a node's children changed order since the page was told
}

func newTree(start engine.Position) *tree {
	root := &node{pos: start}
	t := &tree{root: root, cursor: root, mainEnd: root, byID: map[int]*node{0: root}, nextID: 1,
		changed: map[*node]bool{root: true}, reset: true}
	root.rules = start.ResultAfter(t.path.Enter(start))
	return t
}

// node is the node of id, or an error.
func (t *tree) node(id int) (*node, error) {
	n, ok := t.byID[id]
	if !ok {
		return nil, fmt.Errorf("no move %d in the game", id)
	}
	return n, nil
}

// moveCursor puts the cursor on n, counting the positions of the path
// again: up from the cursor to the common ancestor, then down to n.
func (t *tree) moveCursor(n *node) {
	a, b := t.cursor, n
	var down []*node
	for a != b {
		if a.ply >= b.ply {
			t.path.Leave(a.pos)
			a = a.parent
		} else {
			down = append(down, b)
			b = b.parent
		}
	}
	for i := len(down) - 1; i >= 0; i-- {
		t.path.Enter(down[i].pos)
	}
	t.cursor = n
}

// childWith is n's child reached by m, or nil.
func (n *node) childWith(m engine.Move) *node {
	for _, c := range n.children {
		if c.move == m {
			return c
		}
	}
	return nil
}

// add is parent's child reached by m, a legal move of parent's position: the
// existing one, or a new one (the line's continuation if parent has none,
// else a variation). The cursor ends on the child.
func (t *tree) add(parent *node, m engine.Move) (*node, error) {
	if c := parent.childWith(m); c != nil {
		t.moveCursor(c)
		return c, nil
	}
	if t.moves >= maxTreeMoves {
		return nil, fmt.Errorf("the game has its limit of %d moves, variations included", maxTreeMoves)
	}
	nesting := parent.nesting
	if len(parent.children) > 0 {
		nesting++
	}
	if nesting > pdn.MaxVariationNesting {
		return nil, fmt.Errorf("variations nest more than %d deep", pdn.MaxVariationNesting)
	}
	t.moveCursor(parent)
	c := &node{id: t.nextID, parent: parent, move: m, text: parent.pos.FormatMove(m), pos: parent.pos.Play(m),
		ply: parent.ply + 1, nesting: nesting, irreversible: parent.pos.IsIrreversible(m)}
	t.nextID++
	t.moves++
	c.rules = c.pos.ResultAfter(t.path.Enter(c.pos))
	t.cursor = c
	parent.children = append(parent.children, c)
	t.byID[c.id] = c
	t.changed[c], t.changed[parent] = true, true
	t.added = append(t.added, c)
	if parent == t.mainEnd && len(parent.children) == 1 {
		t.mainEnd = c
	}
	return c, nil
}

// remove deletes n and the nodes after it; the root stays. A cursor inside
// moves to n's parent.
func (t *tree) remove(n *node) {
	if n.parent == nil {
		return
	}
	for a := t.cursor; a != nil; a = a.parent {
		if a == n {
			t.moveCursor(n.parent)
			break
		}
	}
	p := n.parent
	for i, c := range p.children {
		if c == n {
			p.children = append(p.children[:i:i], p.children[i+1:]...)
			break
		}
	}
	stack := []*node{n}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], d.children...)
		delete(t.byID, d.id)
		delete(t.changed, d)
		t.removed = append(t.removed, d.id)
		t.moves--
	}
	t.changed[p] = true
	t.renumber(p)
	t.findMainEnd()
}

// promote makes n's line the main line: on the way to the root, each node
// on the path becomes its parent's first child. The line it displaces at
// each step becomes a variation, one level deeper; when that would nest
// anything more than pdn.MaxVariationNesting deep, promote refuses and
// changes nothing. The tree thus keeps the PDN bound on every edit (add
// checks it, remove only lessens nesting), and every tree can be saved.
func (t *tree) promote(n *node) error {
	for c := n; c.parent != nil; c = c.parent {
		p := c.parent
		if first := p.children[0]; first != c && p.nesting+1+depthBelow(first) > pdn.MaxVariationNesting {
			return fmt.Errorf("making this line the main line would nest variations more than %d deep", pdn.MaxVariationNesting)
		}
	}
	top := t.root
	for c := n; c.parent != nil; c = c.parent {
		p := c.parent
		for i, s := range p.children {
			if s == c && i > 0 {
				copy(p.children[1:i+1], p.children[:i])
				p.children[0] = c
				t.changed[p] = true
				t.reordered = true
				top = p
				break
			}
		}
	}
	t.renumber(top)
	t.findMainEnd()
	return nil
}

// depthBelow is how many variations deeper than n the deepest node of n's
// subtree is nested.
func depthBelow(n *node) int {
	deepest := n.nesting
	stack := []*node{n}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], d.children...)
		deepest = max(deepest, d.nesting)
	}
	return deepest - n.nesting
}

// renumber sets the nesting of the nodes below n after its children changed
// order.
func (t *tree) renumber(n *node) {
	stack := []*node{n}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range d.children {
			c.nesting = d.nesting
			if i > 0 {
				c.nesting++
			}
			stack = append(stack, c)
		}
	}
}

// findMainEnd follows the first children from the root.
func (t *tree) findMainEnd() {
	n := t.root
	for len(n.children) > 0 {
		n = n.children[0]
	}
	t.mainEnd = n
}

// onMain reports whether n is on the main line.
func (t *tree) onMain(n *node) bool {
	for ; n.parent != nil; n = n.parent {
		if n.parent.children[0] != n {
			return false
		}
	}
	return true
}

// line is the nodes from the root's child to n.
func line(n *node) []*node {
	out := make([]*node, n.ply)
	for ; n.parent != nil; n = n.parent {
		out[n.ply-1] = n
	}
	return out
}

// mainLine is the nodes of the main line after the root.
func (t *tree) mainLine() []*node { return line(t.mainEnd) }

// touch marks n as changed for the page.
func (t *tree) touch(n *node) { t.changed[n] = true }
