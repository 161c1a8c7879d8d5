// `dameo moves`: the legal moves of a position.
package main

import (
	"fmt"
	"sort"
)

type movesCmd struct {
	Position string `arg:"" optional:"" help:"Position text (default: the start position)."`
}

func (c *movesCmd) Run() error {
	p, err := parsePositionArg(c.Position)
	if err != nil {
		return err
	}
	var names []string
	for _, m := range p.LegalMoves() {
		names = append(names, p.FormatMove(m))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Println(n)
	}
	return nil
}
