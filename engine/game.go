// A game: the positions played so far, for threefold repetition, the game
// result for the side to move, and the no-progress counter for adjudication.

package engine

// Result is the state of a game for the side to move.
type Result uint8

const (
	// Ongoing: the game goes on.
	Ongoing Result = iota
	// Loss: the side to move has no legal move and has lost.
	Loss
	// Draw: the position has occurred for the third time.
	Draw
)

// String is "none", "loss" or "draw" (the words of the protocol's result=).
func (r Result) String() string {
	switch r {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return "none"
}

// Game is a sequence of positions from a start position.
type Game struct {
	positions  []Position // positions[0] is the start, the last is the current
	moves      []Move
	noProgress []int // plies without capture or man move, per position
}

// NewGame starts a game from the given position.
func NewGame(start Position) *Game {
	return &Game{positions: []Position{start}, noProgress: []int{0}}
}

// Position is the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Start is the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Moves are the moves played so far.
func (g *Game) Moves() []Move { return g.moves }

// Positions are the positions of the game, the start first and the current last.
func (g *Game) Positions() []Position { return g.positions }

// Play plays m, which must be legal in the current position.
func (g *Game) Play(m Move) {
	p := g.Position()
	np := g.noProgress[len(g.noProgress)-1] + 1
	if p.IsIrreversible(m) {
		np = 0
	}
	g.positions = append(g.positions, p.Play(m))
	g.moves = append(g.moves, m)
	g.noProgress = append(g.noProgress, np)
}

// Undo takes back the last move; it does nothing at the start.
func (g *Game) Undo() {
	if len(g.moves) == 0 {
		return
	}
	g.positions = g.positions[:len(g.positions)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.noProgress = g.noProgress[:len(g.noProgress)-1]
}

// IsIrreversible reports whether m, a legal move of p, can never be undone
// by later moves: a capture or a man's move. No position before it can
// occur again after it, and it resets the no-progress count.
func (p *Position) IsIrreversible(m Move) bool { return m.IsCapture() || p.IsManMove(m) }

// PlayText parses and plays a move in notation, leaving the game unchanged
// on error.
func (g *Game) PlayText(s string) (Move, error) {
	p := g.Position()
	m, err := p.ParseMove(s)
	if err != nil {
		return NoMove, err
	}
	g.Play(m)
	return m, nil
}

// NoProgressLimit is the number of consecutive plies without a capture and
// without a man move after which a game is drawn, as the engine's referee
// (dameo match, by default) and its self-play adjudicate; the search scores
// such positions as draws (docs/rules.md).
const NoProgressLimit = 100

// NoProgressPlies is the number of consecutive plies, up to now, without a
// capture and without a man move.
func (g *Game) NoProgressPlies() int { return g.noProgress[len(g.noProgress)-1] }

// Repetitions is how many times the current position has occurred in the
// game, counting itself. Only positions since the last capture or man move
// can be equal to it.
func (g *Game) Repetitions() int {
	cur := g.Position()
	n := 0
	last := len(g.positions) - 1
	for i := last; i >= last-g.NoProgressPlies(); i -= 2 {
		if g.positions[i] == cur {
			n++
		}
	}
	return n
}

// Result is the game's state for the side to move: Loss without a legal
// move, Draw on the third occurrence of the position, else Ongoing.
func (g *Game) Result() Result {
	p := g.Position()
	return p.ResultAfter(g.Repetitions())
}
