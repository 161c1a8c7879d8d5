// The server's messages to the page: hello on connection, the state of the
// session after every change, the analysis of a running search, a game as
// PDN, and errors.

package gui

import (
	"slices"
	"strings"

	"github.com/dameo/dameo/engine"
)

// helloMsg names the engines the page may choose from, the largest hash
// and threads the server lets it set (0 for no cap), the levels a game
// against the engine may have (none: no choice), and the largest message
// the server reads (a larger one closes the connection, so the page
// refuses to send it).
type helloMsg struct {
	Type       string   `json:"type"` // "hello"
	Engines    []string `json:"engines"`
	MaxHash    int      `json:"maxHash,omitempty"`
	MaxThreads int      `json:"maxThreads,omitempty"`
	Initial    string   `json:"initial"` // the start position's text, which the address leaves out
	Levels     []Level  `json:"levels,omitempty"`
	MaxMessage int      `json:"maxMessage"` // bytes
}

// errorMsg says why a request was refused or what went wrong.
type errorMsg struct {
	Type    string `json:"type"` // "error"
	Message string `json:"message"`
}

// pdnMsg is the game as PDN; Final is set when it is sent because the game
// has just ended.
type pdnMsg struct {
	Type  string `json:"type"` // "pdn"
	Text  string `json:"text"`
	Final bool   `json:"final,omitempty"`
}

// moveView is a move as the board draws it: its notation, the squares it
// visits (start, each landing square), the squares of the pieces it takes,
// and whether it crowns.
type moveView struct {
	Text     string   `json:"text"`
	Path     []string `json:"path"`
	Captured []string `json:"captured,omitempty"`
	Crowns   bool     `json:"crowns,omitempty"`
}

// clockView is the time left of each side in seconds, the increment,
// whose time runs and for how long it has run this turn, and whether the
// clock is paused.
type clockView struct {
	White   float64 `json:"white"`
	Black   float64 `json:"black"`
	Inc     float64 `json:"inc"`
	Running string  `json:"running,omitempty"` // or, when paused, whose time waits
	Turn    float64 `json:"turn"`              // seconds the running side has used on this move
	Paused  bool    `json:"paused,omitempty"`
}

// stateMsg is everything the page shows of a session. The move tree comes
// as a change: the nodes added or changed since the last state (all of them
// after a reset), so that a state costs the same at any length of game.
type stateMsg struct {
	Type      string            `json:"type"` // "state"
	Mode      string            `json:"mode"`
	Game      int               `json:"game"`             // changes at every new game
	Player    string            `json:"player,omitempty"` // the person's side against an engine: white or black
	Line      int               `json:"line"`             // changes whenever the game's moves change
	Cursor    int               `json:"cursor"`           // the node of the board's position
	Ply       int               `json:"ply"`              // moves from the start to the board's position
	MainEnd   int               `json:"mainEnd"`
	Board     string            `json:"board"` // 64 of w b W B e, a8..h8, a7..h7, ..., a1..h1
	Side      string            `json:"side"`  // to move on the board: white or black
	Text      string            `json:"text"`  // position text of the board
	Start     string            `json:"start"` // position text of the start
	Legal     []moveView        `json:"legal"` // the moves a person may play here
	Last      *moveView         `json:"last,omitempty"`
	Tree      *treeDelta        `json:"tree,omitempty"`
	Result    string            `json:"result,omitempty"`
	Reason    string            `json:"reason,omitempty"`
	White     string            `json:"white"`
	Black     string            `json:"black"`
	Clock     *clockView        `json:"clock,omitempty"`
	Thinking  string            `json:"thinking,omitempty"` // the engine searching for its move
	TakeBack  bool              `json:"takeBack,omitempty"` // a take-back would be accepted: against the engine, the person has a move to take back
	Analysing bool              `json:"analysing"`
	MultiPV   int               `json:"multipv"`
	Params    map[string]string `json:"params"`
	Lost      [2]int            `json:"lost"` // pieces White and Black have lost on the board
	Review    *reviewView       `json:"review,omitempty"`
	Tables    *tablesView       `json:"tables,omitempty"` // in an analysis
	Book      *bookView         `json:"book,omitempty"`   // in an analysis
	// in an analysis, the explorer's games of the board's position
	Explorer *explorerView `json:"explorer,omitempty"`
}

// Kinds of change of the move tree, which say how the page's move list
// follows it.
const (
	treeReset  = "reset"  // a new tree: Nodes are the whole of it
	treeAppend = "append" // one move added at the end of the main line (its parent among Nodes), other nodes' values changed
	treeValues = "values" // only values of nodes (score, mark, clock, comment) changed
	treeEdit   = "edit"   // moves added elsewhere, removed or reordered
)

// treeDelta is a change of the move tree: with Change treeReset the page
// drops its tree and takes Nodes as the whole of it; otherwise Nodes are
// added or replace the page's nodes of their ids, and Removed are gone.
type treeDelta struct {
	Change  string     `json:"change"`
	Nodes   []nodeView `json:"nodes,omitempty"`
	Removed []int      `json:"removed,omitempty"`
}

// nodeView is a node of the move tree as the page draws it.
type nodeView struct {
	ID        int          `json:"id"`
	Parent    int          `json:"parent"` // -1 at the root
	Text      string       `json:"text,omitempty"`
	Number    string       `json:"number,omitempty"` // "3" before White's move, "3..." before Black's
	Ply       int          `json:"ply"`
	Children  []int        `json:"children,omitempty"` // the first continues the line
	Eval      *float64     `json:"eval,omitempty"`     // men from White's side
	Judgement string       `json:"judgement,omitempty"`
	Review    *verdictView `json:"review,omitempty"` // a whole-game analysis' verdict on the move
	Clock     *[2]float64  `json:"clock,omitempty"`  // both sides' time left after the move, seconds
	Spent     float64      `json:"spent,omitempty"`  // the mover's time on the move, seconds
	Comment   string       `json:"comment,omitempty"`
	Before    string       `json:"before,omitempty"` // the comment before a variation's first move
}

func newNodeView(n *node) nodeView {
	v := nodeView{ID: n.id, Parent: -1, Text: n.text, Ply: n.ply, Eval: n.eval, Judgement: n.judgement, Review: n.verdict.view(), Spent: n.spent.Seconds(),
		Comment: n.comment, Before: n.before}
	if n.parent != nil {
		v.Parent = n.parent.id
		v.Number = moveNumber(n.parent)
	}
	for _, c := range n.children {
		v.Children = append(v.Children, c.id)
	}
	if n.clock != nil {
		v.Clock = &[2]float64{n.clock[0].Seconds(), n.clock[1].Seconds()}
	}
	return v
}

// delta is the change of the tree since the last call, nil without one.
func (t *tree) delta() *treeDelta {
	if len(t.changed) == 0 && len(t.removed) == 0 && !t.reset {
		return nil
	}
	d := &treeDelta{Change: t.changeKind(), Removed: t.removed}
	if t.reset {
		d.Removed = nil
		for _, n := range t.byID {
			t.changed[n] = true
		}
	}
	for n := range t.changed {
		d.Nodes = append(d.Nodes, newNodeView(n))
	}
	slices.SortFunc(d.Nodes, func(a, b nodeView) int { return a.ID - b.ID })
	t.changed, t.removed, t.reset, t.added, t.reordered = map[*node]bool{}, nil, false, nil, false
	return d
}

// changeKind is the kind of the tree's change since the last delta.
func (t *tree) changeKind() string {
	switch {
	case t.reset:
		return treeReset
	case len(t.removed) > 0 || t.reordered || len(t.added) > 1:
		return treeEdit
	case len(t.added) == 0:
		return treeValues
	}
	if n := t.added[0]; n == t.mainEnd && len(n.parent.children) == 1 {
		return treeAppend
	}
	return treeEdit
}

// pvLine is one principal variation: its rank, score in men from White's
// side and moves.
type pvLine struct {
	Rank  int      `json:"rank"`
	Score float64  `json:"score"`
	Moves []string `json:"moves"`
}

// analysisMsg is the latest output of a search: Node says which position
// it is about.
type analysisMsg struct {
	Type   string     `json:"type"` // "analysis"
	Engine string     `json:"engine"`
	Node   int        `json:"node"`
	Depth  int        `json:"depth"`
	Score  float64    `json:"score"` // of the best line, men from White's side
	Nodes  int64      `json:"nodes"`
	NPS    float64    `json:"nps"` // millions of nodes per second
	Lines  []pvLine   `json:"lines"`
	Arrow  *[2]string `json:"arrow,omitempty"` // the best move's start and final squares
}

// newMoveView describes m, a legal move of p.
func newMoveView(p *engine.Position, m engine.Move) moveView {
	text := p.FormatMove(m)
	v := moveView{Text: text, Path: strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' }), Crowns: p.Crowns(m)}
	for sq := engine.Square(0); sq < 64; sq++ {
		if m.Captured&(1<<sq) != 0 {
			v.Captured = append(v.Captured, sq.String())
		}
	}
	return v
}
