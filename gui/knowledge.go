// What the program knows of a position besides its engines, shown beside
// an analysis: the endgame tables' value of the board's position and of
// each of its moves (as `dameo egtb probe` prints them), the opening
// book's moves with their weights and scores, and the opening explorer's
// moves with their games and results (as `dameo explore` prints them).

package gui

import (
	"math/bits"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/explorer"
)

// tablesView is the tables' verdict on a position, from full or WDL
// tables (a value of a WDL table alone without its distance, "win" where
// a full table says "win in 7"): Covered false when no loaded table holds
// it or one of its moves. MostPieces is the largest
// piece count of a position some loaded table holds (egtb's MostPieces:
// it counts the tables loaded without their whole set of that many
// pieces, such as 6-piece units).
type tablesView struct {
	Covered    bool        `json:"covered"`
	MostPieces int         `json:"mostPieces"`
	Value      string      `json:"value,omitempty"` // for the side to move: "win in 7", "draw", "loss in 4", "win"
	WDL        int         `json:"wdl"`             // 1 win, 0 draw, -1 loss, for the side to move
	Moves      []tableMove `json:"moves,omitempty"` // best first
}

// tableMove is a move and its value for the side that plays it.
type tableMove struct {
	Move  string `json:"move"`
	Value string `json:"value"`
	WDL   int    `json:"wdl"`
}

// probeTables is the tables' view of p, nil without tables.
func probeTables(t *egtb.Tables, p engine.Position) *tablesView {
	if t == nil {
		return nil
	}
	v := &tablesView{MostPieces: t.MostPieces()}
	if bits.OnesCount64(p.Occupied()) > v.MostPieces {
		return v
	}
	r, ok := t.ProbeAny(&p)
	moves, movesOK := t.ProbeAnyMoves(&p)
	if !ok || !movesOK {
		return v
	}
	v.Covered, v.Value, v.WDL = true, r.String(), int(r.WDL)
	for _, m := range moves {
		v.Moves = append(v.Moves, tableMove{Move: p.FormatMove(m.Move), Value: m.Result.String(), WDL: int(m.Result.WDL)})
	}
	return v
}

// bookView is the book's moves of a position, empty when the book does not
// have it.
type bookView struct {
	Positions int        `json:"positions"` // in the book
	Moves     []bookMove `json:"moves"`
}

// bookMove is a book move: its weight, its share of the position's weights
// (percent), its score in men for the side that plays it, and whether the
// engine may choose it (within the book's margin of the best).
type bookMove struct {
	Move     string  `json:"move"`
	Weight   uint32  `json:"weight"`
	Share    float64 `json:"share"`
	Score    float64 `json:"score"`
	Playable bool    `json:"playable"`
}

// lookUpBook is the book's view of p, nil without a book.
func lookUpBook(b *book.Book, p engine.Position) *bookView {
	if b == nil {
		return nil
	}
	v := &bookView{Positions: b.Len(), Moves: []bookMove{}}
	e := b.Lookup(&p)
	if e == nil {
		return v
	}
	var total uint64
	for _, m := range e.Moves {
		total += uint64(m.Weight)
	}
	candidates := b.Candidates(&p)
	for _, m := range e.Moves {
		bm := bookMove{Move: p.FormatMove(m.Move), Weight: m.Weight, Score: float64(m.Score) / 100}
		if total > 0 {
			bm.Share = 100 * float64(m.Weight) / float64(total)
		}
		for _, c := range candidates {
			bm.Playable = bm.Playable || c.Move == m.Move
		}
		v.Moves = append(v.Moves, bm)
	}
	return v
}

// explorerView is the explorer's games of a position: all that reached it,
// and the moves played from it, most played first.
type explorerView struct {
	Games int            `json:"games"`
	Moves []explorerMove `json:"moves"`
}

// explorerMove is a move of the explorer's games and how they ended.
type explorerMove struct {
	Move      string `json:"move"`
	Games     int    `json:"games"`
	WhiteWins int    `json:"whiteWins"`
	Draws     int    `json:"draws"`
	BlackWins int    `json:"blackWins"`
}

// lookUpExplorer is the explorer's view of p, nil without an explorer.
func lookUpExplorer(x *explorer.Index, p engine.Position) *explorerView {
	if x == nil {
		return nil
	}
	e := x.Lookup(&p)
	v := &explorerView{Games: e.Games, Moves: []explorerMove{}}
	for _, m := range e.Moves {
		v.Moves = append(v.Moves, explorerMove{Move: m.Text, Games: m.Games, WhiteWins: m.WhiteWins, Draws: m.Draws, BlackWins: m.BlackWins})
	}
	return v
}
