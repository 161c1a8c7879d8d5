// The server's messages to the page: hello on connection, the state of the
// session after every change, the analysis of a running search, a game as
// PDN, and errors.

package gui

import (
	"strings"

	"github.com/dameo/dameo/engine"
)

// helloMsg names the engines the page may choose from.
type helloMsg struct {
	Type    string   `json:"type"` // "hello"
	Engines []string `json:"engines"`
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

// clockView is the time left of each side in seconds, and whose time runs.
type clockView struct {
	White   float64 `json:"white"`
	Black   float64 `json:"black"`
	Running string  `json:"running,omitempty"`
}

// stateMsg is everything the page shows of a session.
type stateMsg struct {
	Type      string            `json:"type"` // "state"
	Mode      string            `json:"mode"`
	Line      int               `json:"line"`   // changes whenever the line of moves changes
	Cursor    int               `json:"cursor"` // plies up to the board's position
	Board     string            `json:"board"`  // 64 of w b W B e, a8..h8, a7..h7, ..., a1..h1
	Side      string            `json:"side"`   // to move on the board: white or black
	Text      string            `json:"text"`   // position text of the board
	Start     string            `json:"start"`  // position text of the start
	Legal     []moveView        `json:"legal"`  // the moves a person may play here
	Last      *moveView         `json:"last,omitempty"`
	Moves     []string          `json:"moves"`   // the line in notation
	Numbers   []string          `json:"numbers"` // before each move: "1.", "1..." or ""
	MoveList  string            `json:"moveList"`
	Evals     []*float64        `json:"evals"` // by ply, men from White's side; null when unknown
	Result    string            `json:"result,omitempty"`
	Reason    string            `json:"reason,omitempty"`
	White     string            `json:"white"`
	Black     string            `json:"black"`
	Clock     *clockView        `json:"clock,omitempty"`
	Thinking  string            `json:"thinking,omitempty"` // the engine searching for its move
	Analysing bool              `json:"analysing"`
	MultiPV   int               `json:"multipv"`
	Params    map[string]string `json:"params"`
	Lost      [2]int            `json:"lost"` // pieces White and Black have lost on the board
}

// pvLine is one principal variation: its rank, score in men from White's
// side and moves.
type pvLine struct {
	Rank  int      `json:"rank"`
	Score float64  `json:"score"`
	Moves []string `json:"moves"`
}

// analysisMsg is the latest output of a search: Line and Ply say which
// position it is about.
type analysisMsg struct {
	Type   string     `json:"type"` // "analysis"
	Engine string     `json:"engine"`
	Line   int        `json:"line"`
	Ply    int        `json:"ply"`
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
