// A game's records: the game replayed from its start position, each
// position it reaches once (at the first time) with the move played from
// it, or the game's end, and the result.

package explorer

import (
	"fmt"
	"slices"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// record is a position of a game: its key, the ply at which the game
// reached it, and the info of the move played from it (or ended) with the
// game's result.
type record struct {
	key  uint64
	ply  uint32
	info uint16
}

// replay fills x.game with the records of g. An unknown game type, a bad
// start position or a move that is not legal is an error.
func (x *Index) replay(g *pdn.Game) error {
	if gt := g.Tag(pdn.TagGameType); gt != "" && gt != pdn.GameTypeDameo {
		return fmt.Errorf("the game is of type %q, not %s", gt, pdn.GameTypeDameo)
	}
	p := engine.StartPosition()
	if text := g.StartText(); text != "" {
		var err error
		if p, err = engine.ParsePosition(text); err != nil {
			return fmt.Errorf("FEN tag: %v", err)
		}
	}
	result := uint16(resultIndex(g.Result)) << ordinalBits
	x.game = x.game[:0]
	reversible, longest := 0, 0 // plies in a row without capture or man move
	for i, mv := range g.Moves {
		move, m, err := x.resolve(&p, mv.Text)
		if err != nil {
			return fmt.Errorf("move %d (%s): %v", i+1, mv.Text, err)
		}
		x.game = append(x.game, record{key: p.Key(), ply: uint32(i), info: move | result})
		if p.IsIrreversible(m) {
			reversible = 0
		} else {
			reversible++
			longest = max(longest, reversible)
		}
		p = p.Play(m)
	}
	x.game = append(x.game, record{key: p.Key(), ply: uint32(len(g.Moves)), info: ended | result})
	if longest >= 4 { // a position can have come again
		x.firstVisits()
	}
	return nil
}

// firstVisits keeps of x.game's records the first of each position.
func (x *Index) firstVisits() {
	slices.SortFunc(x.game, func(a, b record) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return int(a.ply) - int(b.ply)
	})
	x.game = slices.CompactFunc(x.game, func(a, b record) bool { return a.key == b.key })
}

// resolve is the legal move of p that text names, and its index among p's
// legal moves. The one legal move from the text's first square to its last,
// when the text is that move's notation as engine writes it, is taken
// without more ado; any other text is read by engine's ParseMove.
func (x *Index) resolve(p *engine.Position, text string) (uint16, engine.Move, error) {
	p.GenerateMoves(x.moves)
	moves := x.moves.Slice()
	if i, ok := onlyMove(moves, text); ok && writtenAs(p, moves[i], text) {
		return uint16(i), moves[i], nil
	}
	m, err := p.ParseMove(text)
	if err != nil {
		return 0, engine.NoMove, err
	}
	return uint16(slices.Index(moves, m)), m, nil
}

// onlyMove is the index of the one move from the first square of text to
// its last, false when there is none or more than one.
func onlyMove(moves []engine.Move, text string) (int, bool) {
	if len(text) < 5 {
		return 0, false
	}
	from, errFrom := engine.ParseSquare(text[:2])
	to, errTo := engine.ParseSquare(text[len(text)-2:])
	if errFrom != nil || errTo != nil {
		return 0, false
	}
	found, count := 0, 0
	for i, m := range moves {
		if m.From == from && m.To == to {
			found = i
			count++
		}
	}
	return found, count == 1
}

// writtenAs reports whether text is m, a legal move of p from and to the
// text's first and last squares, as p.FormatMove writes it.
func writtenAs(p *engine.Position, m engine.Move, text string) bool {
	if m.Captured == 0 {
		return len(text) == 5 && text[2] == '-'
	}
	return p.FormatMove(m) == text
}

// resultIndex is the index in a tally of a PDN result.
func resultIndex(result string) int {
	switch result {
	case pdn.WhiteWins:
		return whiteWins
	case pdn.Draw:
		return draws
	case pdn.BlackWins:
		return blackWins
	}
	return unfinished
}
