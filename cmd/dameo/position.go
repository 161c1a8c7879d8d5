// Reading the optional POSITION argument shared by several subcommands.
package main

import (
	"fmt"

	"github.com/dameo/dameo/engine"
)

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
