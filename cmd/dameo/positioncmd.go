// `dameo position`: a position, after moves if given, in both forms.

package main

import (
	"cmp"
	"fmt"

	"github.com/dameo/dameo/engine"
)

type positionCmd struct {
	positionFlags `embed:""`
	Position      string `arg:"" optional:"" help:"${position_help}"`
}

// Help is the detail of `dameo position --help`.
func (c *positionCmd) Help() string {
	return `Prints the position (after --moves) on two lines: its position text
(docs/rules.md), then its FEN form as PlayStrategy writes it, with the plies
without capture or man move as H and the move number as F, both counted
on from those of a FEN given (H0 and F1 for position text, which carries
no clocks). Either line is
accepted back wherever a position is read. Example:

  dameo position --moves "d3-d4 d6-d5 d4xd6xb6"`
}

func (c *positionCmd) Run() error {
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	halfmoves, fullmove := 0, 1
	if text := cmp.Or(c.FEN, c.Position); engine.IsFEN(text) {
		if halfmoves, fullmove, err = engine.FENClocks(text); err != nil {
			return usageError{err}
		}
	}
	fmt.Println(g.Position().String())
	fmt.Println(g.FENFrom(halfmoves, fullmove))
	return nil
}
