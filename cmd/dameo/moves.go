// `dameo moves`: the legal moves of a position.

package main

import (
	"fmt"
	"os"
	"sort"

	"github.com/dameo/dameo/engine"
)

type movesCmd struct {
	positionFlags `embed:""`
	Position      string `arg:"" optional:"" help:"${position_help}"`
}

// Help is the detail of `dameo moves --help`.
func (c *movesCmd) Help() string {
	return "Prints one move a line in full notation, sorted. A position without a legal move " +
		"prints no move; standard error then says that the side to move has lost, and the exit status is 0."
}

func (c *movesCmd) Run() error {
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	p := g.Position()
	var names []string
	for _, m := range p.LegalMoves() {
		names = append(names, p.FormatMove(m))
	}
	if len(names) == 0 {
		fmt.Fprintf(os.Stderr, "no legal moves: %s has lost\n", sideName(p.SideToMove()))
		return nil
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Println(n)
	}
	return nil
}

// sideName is the name of a side as it starts a sentence.
func sideName(c engine.Color) string {
	if c == engine.White {
		return "White"
	}
	return "Black"
}
