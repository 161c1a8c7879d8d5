// Command dameo is the Dameo engine: a Hub protocol engine, a match runner,
// and benchmark tools. This file wires the subcommands; logic lives in the
// packages.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/alecthomas/kong"
)

// version is the engine's version, reported by `dameo --version` and Hub's id.
const version = "0.1.0"

// cli lists the subcommands.
type cli struct {
	Perft   perftCmd         `cmd:"" help:"Count the leaves of the legal move tree (move generator check and speed)."`
	Moves   movesCmd         `cmd:"" help:"List the legal moves of a position in full notation."`
	Book    bookCmd          `cmd:"" help:"Build, import, dump, show and verify opening books."`
	Hub     hubCmd           `cmd:"" help:"Run the engine for a front-end: the Hub protocol on standard input and output."`
	Analyze analyzeCmd       `cmd:"" help:"Search a position and print each iteration and the best move (default limit: 5 seconds)."`
	Match   matchCmd         `cmd:"" help:"Play engine-versus-engine matches and tournaments with a referee, clocks, PDN records and Elo/SPRT statistics."`
	Bench   benchCmd         `cmd:"" help:"Search the built-in bench positions to a fixed depth; the 1-thread node count is the engine's signature."`
	Datagen datagenCmd       `cmd:"" help:"Play self-play games and write their quiet positions for the tuner."`
	Tune    tuneCmd          `cmd:"" help:"Fit the evaluation weights to datagen files (Texel tuning) and write them as Go source."`
	Version kong.VersionFlag `help:"Print the version and exit."`
}

func main() {
	var c cli
	parser, err := kong.New(&c,
		kong.Name("dameo"),
		kong.Description("Dameo engine: Hub protocol engine, match runner and benchmarks."),
		kong.Vars{"version": version},
		limitVars,
		kong.Exit(os.Exit),
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dameo:", err)
		os.Exit(2)
	}
	ctx, err := parser.Parse(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "dameo: %v\n", err)
		os.Exit(2)
	}
	if err := ctx.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "dameo: %v\n", err)
		os.Exit(exitCode(err))
	}
}

// usageError marks errors in the user's input (exit status 2).
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// exitCode is 2 for bad input and 1 for other failures.
func exitCode(err error) int {
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}
