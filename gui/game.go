// The game a page shows: a move tree from a start position (tree.go), how
// its main line ended, and the players' names; moves played at the cursor,
// take-backs, and the game as a PDN record with its variations and back.

package gui

import (
	"context"
	"errors"
	"fmt"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// outcome is how a game ended; the zero outcome is a game that goes on.
type outcome struct {
	result      string // pdn.WhiteWins, pdn.BlackWins or pdn.Draw; "" while the game goes on
	termination string // the PDN Termination tag: pdn.TerminationNormal, ...
	reason      string // for people: "Black has no legal move", ...
}

// Termination tag values of the GUI beyond those of package pdn.
const terminationResignation = "resignation"

var errGameOver = errors.New("the game is over")

// game is a move tree whose main line is the game played.
type game struct {
	*tree
	ended outcome // a resignation, time forfeit or crash of the main line; the rules' end is not stored
	white string  // player names for the record
	black string
	date  string // the PDN Date tag: when the game began, or its record's
}

func newGame(start engine.Position) *game { return &game{tree: newTree(start)} }

// start is the first position.
func (g *game) start() engine.Position { return g.root.pos }

// position is the position the board shows.
func (g *game) position() engine.Position { return g.cursor.pos }

// last is the position at the end of the main line.
func (g *game) last() engine.Position { return g.mainEnd.pos }

// atEnd reports whether the board shows the end of the main line.
func (g *game) atEnd() bool { return g.cursor == g.mainEnd }

// outcome is how the main line ends: a stored end, or the rules' (no legal
// move, threefold repetition), or the zero outcome while the game goes on.
func (g *game) outcome() outcome {
	if g.ended.result != "" {
		return g.ended
	}
	side := g.mainEnd.pos.SideToMove()
	switch g.mainEnd.rules {
	case engine.Loss:
		return outcome{winner(side.Other()), pdn.TerminationNormal, colorName(side) + " has no legal move"}
	case engine.Draw:
		return outcome{pdn.Draw, pdn.TerminationNormal, "threefold repetition"}
	}
	return outcome{}
}

// over reports whether the main line has ended.
func (g *game) over() bool { return g.outcome().result != "" }

// play plays the move in notation at the cursor: it goes to the move's node
// if the tree has it, or adds it, as a variation when the cursor's position
// already has a continuation. At the end of a finished game it is refused.
func (g *game) play(text string) (*node, error) {
	if g.atEnd() && g.over() {
		return nil, errGameOver
	}
	if g.cursor.rules != engine.Ongoing {
		return nil, errors.New("the line has ended here")
	}
	p := g.position()
	m, err := p.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return g.add(g.cursor, m)
}

// makeMain makes n's line the main line of the game; a stored end of the
// old main line is forgotten. It changes nothing when the old lines would
// nest too deep (promote).
func (g *game) makeMain(n *node) error {
	if end := g.mainEnd; !g.onMain(n) {
		if err := g.promote(n); err != nil {
			return err
		}
		if g.mainEnd != end {
			g.ended = outcome{}
		}
	}
	return nil
}

// takeBack drops the main line's last move, with the variations played
// instead of it, forgets a stored end and puts the cursor at the new end.
func (g *game) takeBack() {
	n := g.mainEnd
	if n.parent == nil {
		return
	}
	p := n.parent
	for len(p.children) > 0 {
		g.remove(p.children[len(p.children)-1])
	}
	g.ended = outcome{}
	g.moveCursor(g.mainEnd)
}

// goTo puts the cursor on the node of id.
func (g *game) goTo(id int) error {
	n, err := g.node(id)
	if err != nil {
		return err
	}
	g.moveCursor(n)
	return nil
}

// end stores how the game ended (resignation, time forfeit, crash).
func (g *game) end(o outcome) { g.ended = o }

// record is the game as a PDN record, variations included.
func (g *game) record(event string) *pdn.Game {
	r := &pdn.Game{}
	r.SetTag(pdn.TagEvent, event)
	if g.date != "" {
		r.SetTag(pdn.TagDate, g.date)
	}
	r.SetTag(pdn.TagWhite, orUnknown(g.white))
	r.SetTag(pdn.TagBlack, orUnknown(g.black))
	r.SetTag(pdn.TagGameType, pdn.GameTypeDameo)
	if start := g.start(); start.String() != engine.StartText {
		r.SetTag(pdn.TagFEN, start.FEN())
	}
	o := g.outcome()
	r.Result = pdn.Unfinished
	if o.result != "" {
		r.Result = o.result
		r.SetTag(pdn.TagTermination, o.termination)
	}
	r.Comment = g.root.comment
	r.Moves = recordLine(g.root)
	return r.Safe()
}

// recordLine is the line that continues from n, with the comments and the
// variations of each of its moves.
func recordLine(n *node) []pdn.Move {
	var moves []pdn.Move
	for len(n.children) > 0 {
		c := n.children[0]
		m := pdn.Move{Text: c.text, Comment: c.comment}
		for _, v := range n.children[1:] {
			first := pdn.Move{Text: v.text, Comment: v.comment}
			m.Variations = append(m.Variations, pdn.Variation{Comment: v.before, Moves: append([]pdn.Move{first}, recordLine(v)...)})
		}
		moves = append(moves, m)
		n = c
	}
	return moves
}

// loadRecord reads the first game of PDN text and replays it, variations
// included, with the rules; it gives up when ctx is done. A decisive result
// that the rules do not give (a resignation, a time forfeit) is kept as the
// game's end. The cursor ends at the start.
func loadRecord(ctx context.Context, text string) (*game, error) {
	records, err := pdn.Parse(text)
	if err != nil {
		return nil, err
	}
	if len(records) == 0 {
		return nil, errors.New("no game in the PDN text")
	}
	r := records[0]
	if gt := r.Tag(pdn.TagGameType); gt != "" && gt != pdn.GameTypeDameo {
		return nil, fmt.Errorf("the game is of type %q, not %s", gt, pdn.GameTypeDameo)
	}
	start := engine.StartPosition()
	if fen := r.StartText(); fen != "" {
		if start, err = engine.ParsePosition(fen); err != nil {
			return nil, fmt.Errorf("FEN tag: %v", err)
		}
	}
	g := newGame(start)
	g.white, g.black, g.date = known(r.Tag(pdn.TagWhite)), known(r.Tag(pdn.TagBlack)), r.Tag(pdn.TagDate)
	if g.date == "" {
		g.date = unknownDate // not the day it was loaded
	}
	g.root.comment = r.Comment
	if _, err := g.replay(ctx, g.root, r.Moves); err != nil {
		return nil, err
	}
	if r.Result != pdn.Unfinished && r.Result != "" && !g.over() {
		g.end(outcome{r.Result, r.Tag(pdn.TagTermination), "the record says " + r.Result})
	}
	g.moveCursor(g.root)
	return g, nil
}

// cancelCheckEvery is how many moves a load replays between looks at its
// context.
const cancelCheckEvery = 1024

// replay adds the moves of a record's line from n, with their comments and
// each move's variations from the position before it, and returns the
// line's first node.
func (g *game) replay(ctx context.Context, n *node, moves []pdn.Move) (*node, error) {
	var first *node
	for _, rm := range moves {
		if g.moves%cancelCheckEvery == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("loading the game: %w", ctx.Err())
		}
		if n.rules != engine.Ongoing {
			return nil, fmt.Errorf("move %s after the end of the game", moveLabel(n, rm.Text))
		}
		m, err := n.pos.ParseMove(rm.Text)
		if err != nil {
			return nil, fmt.Errorf("move %s: %v", moveLabel(n, rm.Text), err)
		}
		next, err := g.add(n, m)
		if err != nil {
			return nil, err
		}
		next.comment = rm.Comment
		for _, v := range rm.Variations {
			start, err := g.replay(ctx, n, v.Moves)
			if err != nil {
				return nil, err
			}
			if start != nil {
				start.before = v.Comment
			}
		}
		if first == nil {
			first = next
		}
		n = next
	}
	return first, nil
}

// moveLabel names the move text played from n for people: "3 (c3-c4)" or
// "3... (f6-f5)".
func moveLabel(n *node, text string) string {
	return fmt.Sprintf("%s (%s)", moveNumber(n), text)
}

// moveNumber is the number of the move played from n: "3" for White's,
// "3..." for Black's.
func moveNumber(n *node) string {
	black := n.pos.SideToMove() == engine.Black
	offset := 0
	if black == (n.ply%2 == 0) { // the game began with Black to move
		offset = 1
	}
	number := (n.ply+offset)/2 + 1
	if black {
		return fmt.Sprintf("%d...", number)
	}
	return fmt.Sprintf("%d", number)
}

// winner is the result token of a win by c.
func winner(c engine.Color) string {
	if c == engine.White {
		return pdn.WhiteWins
	}
	return pdn.BlackWins
}

// colorName is "White" or "Black".
func colorName(c engine.Color) string {
	if c == engine.White {
		return "White"
	}
	return "Black"
}

// unknownDate is PDN's Date of a game played on an unknown day.
const unknownDate = "????.??.??"

// known is a tag's value, "" for PDN's unknown "?" (the page names the
// side instead).
func known(value string) string {
	if value == "?" {
		return ""
	}
	return value
}

func orUnknown(name string) string {
	if name == "" {
		return "?"
	}
	return name
}
