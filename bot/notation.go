// Moves between the server and the engine: the server's turns ("d1d4",
// "d4d6,d6d8K") read into legal moves of package engine, and an engine
// move written as the jumps the server takes one POST at a time.

package bot

import (
	"fmt"
	"strings"

	"github.com/dameo/dameo/engine"
)

// maxTurnText bounds one turn of the moves field: a capture cannot take
// more than 32 pieces, each jump being "a1a2," with a possible "K".
const maxTurnText = 32 * 6

// parseJumps reads one turn of the server's moves ("d4d6,d6f6K") into
// the path of its piece: the start square and each landing square. The
// crowning mark "K" after a jump is ignored; each jump must start where
// the previous one ended.
func parseJumps(turn string) ([]engine.Square, error) {
	if len(turn) > maxTurnText {
		return nil, fmt.Errorf("turn %.12q...: too long", turn)
	}
	var path []engine.Square
	for jump := range strings.SplitSeq(turn, ",") {
		jump = strings.TrimSuffix(jump, "K")
		if len(jump) != 4 {
			return nil, fmt.Errorf("turn %q: bad jump %q (want two squares such as d4d6)", turn, jump)
		}
		from, err := engine.ParseSquare(jump[:2])
		if err != nil {
			return nil, fmt.Errorf("turn %q: %v", turn, err)
		}
		to, err := engine.ParseSquare(jump[2:])
		if err != nil {
			return nil, fmt.Errorf("turn %q: %v", turn, err)
		}
		switch {
		case path == nil:
			path = append(path, from)
		case path[len(path)-1] != from:
			return nil, fmt.Errorf("turn %q: jump %q does not start where the last one ended", turn, jump)
		}
		path = append(path, to)
	}
	return path, nil
}

// resolvePath finds the move of p that path (a start square and landing
// squares) stands for: a quiet move when p has no capture, else the
// capture it completes. more reports a capture begun but not complete
// (then m is NoMove). A path that is neither is an illegal move.
func resolvePath(p *engine.Position, path []engine.Square) (m engine.Move, more bool, err error) {
	if !p.HasCapture() {
		if len(path) == 2 {
			for _, q := range p.LegalMoves() {
				if q.From == path[0] && q.To == path[1] {
					return q, false, nil
				}
			}
		}
		return engine.NoMove, false, fmt.Errorf("%s is not a legal move", pathText(path))
	}
	done, more := p.FollowJumps(path)
	if done == engine.NoMove && !more {
		return engine.NoMove, false, fmt.Errorf("%s is not a legal capture", pathText(path))
	}
	return done, more, nil
}

// pathText writes a path as the server's jumps, for messages.
func pathText(path []engine.Square) string {
	var sb strings.Builder
	for i := 1; i < len(path); i++ {
		if i > 1 {
			sb.WriteByte(',')
		}
		sb.WriteString(path[i-1].String() + path[i].String())
	}
	return sb.String()
}

// replay is the game that the moves field of a state describes.
type replay struct {
	game *engine.Game
	// partial is the path of a capture in progress, the last turn of the
	// field, nil when every turn is complete.
	partial []engine.Square
}

// replayMoves plays the server's moves field from start. Every turn but
// the last must be a complete legal move; the last may be a capture in
// progress.
func replayMoves(start engine.Position, moves string) (replay, error) {
	r := replay{game: engine.NewGame(start)}
	turns := strings.Fields(moves)
	for i, turn := range turns {
		path, err := parseJumps(turn)
		if err != nil {
			return replay{}, fmt.Errorf("move %d: %v", i+1, err)
		}
		p := r.game.Position()
		m, more, err := resolvePath(&p, path)
		switch {
		case err != nil:
			return replay{}, fmt.Errorf("move %d: %v", i+1, err)
		case more && i < len(turns)-1:
			return replay{}, fmt.Errorf("move %d: %s: the capture is not complete", i+1, turn)
		case more:
			r.partial = path
		default:
			r.game.Play(m)
		}
	}
	return r, nil
}

// engineMoves writes the moves of g in the engine's full notation.
func engineMoves(g *engine.Game) string {
	return g.Start().FormatLine(g.Moves())
}

// serverJumps writes m, a legal move of p, as the server's jumps, one per
// POST: "d3d4" for a quiet move, "d4d6", "d6f6" for a capture.
func serverJumps(p *engine.Position, m engine.Move) []string {
	text := p.FormatMove(m)
	if !m.IsCapture() {
		return []string{strings.Replace(text, "-", "", 1)}
	}
	squares := strings.Split(text, "x")
	jumps := make([]string, 0, len(squares)-1)
	for i := 1; i < len(squares); i++ {
		jumps = append(jumps, squares[i-1]+squares[i])
	}
	return jumps
}
