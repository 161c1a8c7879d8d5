// The game a page shows: a start position and a line of moves, with a cursor
// on the position the board shows, how the game ended, and the engines'
// evaluation of each position. Playing a move with the cursor before the end
// of the line branches: the moves after the cursor are dropped.

package gui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

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

// game is a line of moves from a start position.
type game struct {
	positions []engine.Position // positions[i] follows the first i moves
	moves     []engine.Move
	cursor    int             // the board shows positions[cursor]
	evals     map[int]float64 // score in men from White's side, by ply
	ended     outcome         // a resignation, time forfeit or crash; the rules' end is not stored
	white     string          // player names for the record
	black     string
}

func newGame(start engine.Position) *game {
	return &game{positions: []engine.Position{start}, evals: map[int]float64{}}
}

// start is the first position of the line.
func (g *game) start() engine.Position { return g.positions[0] }

// position is the position the board shows.
func (g *game) position() engine.Position { return g.positions[g.cursor] }

// last is the position at the end of the line.
func (g *game) last() engine.Position { return g.positions[len(g.moves)] }

// atEnd reports whether the board shows the end of the line.
func (g *game) atEnd() bool { return g.cursor == len(g.moves) }

// outcome is how the line ends: a stored end, or the rules' (no legal move,
// threefold repetition), or the zero outcome while the game goes on.
func (g *game) outcome() outcome {
	if g.ended.result != "" {
		return g.ended
	}
	eg := engine.NewGame(g.start())
	for _, m := range g.moves {
		eg.Play(m)
	}
	last := g.last()
	side := last.SideToMove()
	switch eg.Result() {
	case engine.Loss:
		return outcome{winner(side.Other()), pdn.TerminationNormal, colorName(side) + " has no legal move"}
	case engine.Draw:
		return outcome{pdn.Draw, pdn.TerminationNormal, "threefold repetition"}
	}
	return outcome{}
}

// over reports whether the line has ended.
func (g *game) over() bool { return g.outcome().result != "" }

// play plays the move in notation at the cursor. Before the end of the line
// it branches (and forgets a stored end); at the end it is refused once the
// game is over.
func (g *game) play(text string) (engine.Move, error) {
	if g.atEnd() && g.over() {
		return engine.NoMove, errGameOver
	}
	p := g.position()
	m, err := p.ParseMove(text)
	if err != nil {
		return engine.NoMove, err
	}
	g.truncate(g.cursor)
	g.ended = outcome{}
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, p.Play(m))
	g.cursor++
	return m, nil
}

// truncate drops the moves after the first n, and their evaluations.
func (g *game) truncate(n int) {
	g.moves = g.moves[:n]
	g.positions = g.positions[:n+1]
	for ply := range g.evals {
		if ply > n {
			delete(g.evals, ply)
		}
	}
	g.cursor = min(g.cursor, n)
}

// takeBack drops the last plies moves (fewer at the start), forgets a stored
// end and puts the cursor at the new end.
func (g *game) takeBack(plies int) {
	g.truncate(max(0, len(g.moves)-plies))
	g.ended = outcome{}
	g.cursor = len(g.moves)
}

// goTo puts the cursor on the position after ply moves.
func (g *game) goTo(ply int) error {
	if ply < 0 || ply > len(g.moves) {
		return fmt.Errorf("no position %d in a game of %d moves", ply, len(g.moves))
	}
	g.cursor = ply
	return nil
}

// end stores how the game ended (resignation, time forfeit, crash).
func (g *game) end(o outcome) { g.ended = o }

// lineFrom is the notation of the moves played from position ply on.
func (g *game) lineFrom(ply int) []string {
	texts := make([]string, 0, len(g.moves)-ply)
	for i := ply; i < len(g.moves); i++ {
		texts = append(texts, g.positions[i].FormatMove(g.moves[i]))
	}
	return texts
}

// moveList is the line in notation with move numbers, "1. c3-c4 f6-f5 2. ...",
// or "1... f6-f5 2. ..." when Black moves first.
func (g *game) moveList() string {
	var b strings.Builder
	for i, text := range g.lineFrom(0) {
		white := g.positions[i].SideToMove() == engine.White
		if white || i == 0 {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(g.moveNumber(i)))
			if white {
				b.WriteString(". ")
			} else {
				b.WriteString("... ")
			}
		} else {
			b.WriteByte(' ')
		}
		b.WriteString(text)
	}
	return b.String()
}

// moveNumber is the number of the full move that ply i belongs to.
func (g *game) moveNumber(i int) int {
	if start := g.start(); start.SideToMove() == engine.Black {
		i++
	}
	return i/2 + 1
}

// record is the game as a PDN record.
func (g *game) record(event string) *pdn.Game {
	r := &pdn.Game{}
	r.SetTag(pdn.TagEvent, event)
	r.SetTag(pdn.TagWhite, orUnknown(g.white))
	r.SetTag(pdn.TagBlack, orUnknown(g.black))
	r.SetTag(pdn.TagGameType, pdn.GameTypeDameo)
	if start := g.start(); start.String() != engine.StartText {
		r.SetTag(pdn.TagFEN, start.String())
	}
	o := g.outcome()
	r.Result = pdn.Unfinished
	if o.result != "" {
		r.Result = o.result
		r.SetTag(pdn.TagTermination, o.termination)
	}
	for _, text := range g.lineFrom(0) {
		r.AddMove(text, "")
	}
	return r
}

// loadRecord reads the first game of PDN text and replays it with the
// rules. A decisive result that the rules do not give (a resignation, a
// time forfeit) is kept as the game's end. The cursor ends at the start.
func loadRecord(text string) (*game, error) {
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
	g.white, g.black = r.Tag(pdn.TagWhite), r.Tag(pdn.TagBlack)
	for i, text := range r.MoveTexts() {
		if _, err := g.play(text); err != nil {
			return nil, fmt.Errorf("move %d (%s): %v", g.moveNumber(i), text, err)
		}
	}
	if r.Result != pdn.Unfinished && r.Result != "" && !g.over() {
		g.end(outcome{r.Result, r.Tag(pdn.TagTermination), "the record says " + r.Result})
	}
	g.cursor = 0
	return g, nil
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

func orUnknown(name string) string {
	if name == "" {
		return "?"
	}
	return name
}
