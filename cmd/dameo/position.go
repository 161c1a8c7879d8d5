// Reading the optional POSITION argument shared by several subcommands (or
// --fen) and the --moves played from it, and recognising position text
// that was not quoted on the command line.

package main

import (
	"fmt"
	"strings"

	"github.com/dameo/dameo/engine"
)

// positionHelp describes a POSITION argument; the commands' help tags use it
// as ${position_help}.
const positionHelp = `Position text in quotes, e.g. "8/8/8/8/3w4/8/8/8 w" (see docs/rules.md), or PlayStrategy's FEN form (default: the start position).`

// positionFlags are the flags of a command that takes a POSITION: the
// position in PlayStrategy's FEN form instead of the argument, and moves
// played from it.
type positionFlags struct {
	FEN   string `name:"fen" placeholder:"FEN" help:"The position in PlayStrategy's FEN form, \"W:Wa1,b1,...:Ba8,...:H0:F1\" (kings as Kd4), instead of POSITION (default: none)."`
	Moves string `placeholder:"MOVES" help:"Moves played from the position first, in quotes: \"d3-d4 d6-d5 d4xd6xb6\" (move numbers allowed; default: none)."`
}

// game is the position of the argument (or --fen) with --moves played,
// as a game whose history counts for repetitions.
func (f *positionFlags) game(arg string) (*engine.Game, error) {
	if f.FEN != "" && arg != "" {
		return nil, usageError{fmt.Errorf("give the position once: as POSITION or with --fen, not both")}
	}
	text := arg
	if f.FEN != "" {
		if !engine.IsFEN(f.FEN) {
			return nil, usageError{fmt.Errorf("--fen %q: not the FEN form (W:Wa1,...:Ba8,...); position text goes in POSITION", f.FEN)}
		}
		text = f.FEN
	}
	p, err := parsePositionArg(text)
	if err != nil {
		return nil, err
	}
	g, err := engine.PlayLine(p, f.Moves)
	if err != nil {
		return nil, usageError{fmt.Errorf("--moves: %v", err)}
	}
	return g, nil
}

// parsePositionArg reads a position in either form, defaulting to the
// start position.
func parsePositionArg(text string) (engine.Position, error) {
	if text == "" {
		return engine.StartPosition(), nil
	}
	p, err := engine.ParsePosition(text)
	if err != nil {
		return p, usageError{fmt.Errorf("bad position: %v", err)}
	}
	return p, nil
}

// unquotedPosition finds position text given as two arguments, the board
// and then a lone side to move ("w" or "b"), as the shell splits it when
// it is not quoted; it returns the text joined again.
func unquotedPosition(args []string) (string, bool) {
	for i := 0; i+1 < len(args); i++ {
		if looksLikeBoard(args[i]) && (args[i+1] == "w" || args[i+1] == "b") {
			return args[i] + " " + args[i+1], true
		}
	}
	return "", false
}

// looksLikeBoard reports whether s could be the board part of position text:
// ranks of piece letters and digits separated by '/'.
func looksLikeBoard(s string) bool {
	return strings.Contains(s, "/") && strings.Trim(s, "/12345678wWbB") == ""
}
