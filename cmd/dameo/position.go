// Reading the optional POSITION argument shared by several subcommands, and
// recognising position text that was not quoted on the command line.

package main

import (
	"fmt"
	"strings"

	"github.com/dameo/dameo/engine"
)

// positionHelp describes a POSITION argument; the commands' help tags use it
// as ${position_help}.
const positionHelp = `Position text in quotes, e.g. "8/8/8/8/3w4/8/8/8 w" (see docs/rules.md; default: the start position).`

// parsePositionArg reads position text, defaulting to the start position.
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
