// The command line: the subcommands, parsing, and the exit status. Logic
// lives in the packages; the subcommands only wire them.

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"syscall"

	"github.com/alecthomas/kong"
)

// cli lists the subcommands.
type cli struct {
	Perft      perftCmd      `cmd:"" help:"Count the leaves of the legal move tree (move generator check and speed)."`
	Moves      movesCmd      `cmd:"" help:"List the legal moves of a position in full notation."`
	Position   positionCmd   `cmd:"" help:"Print a position (after --moves) as position text and in PlayStrategy's FEN form."`
	Book       bookCmd       `cmd:"" help:"Build, import, dump, show and verify opening books."`
	Explore    exploreCmd    `cmd:"" help:"The opening explorer: the moves played from a position in the games of PDN files, with their results."`
	Hub        hubCmd        `cmd:"" help:"Run the engine for a front-end: the Hub protocol on standard input and output."`
	Analyze    analyzeCmd    `cmd:"" help:"Search a position and print each iteration and the best move (default limit: 5 seconds)."`
	Match      matchCmd      `cmd:"" help:"Play engine-versus-engine matches and tournaments with a referee, clocks, PDN records and Elo/SPRT statistics; merge the shards of a match into its summary."`
	Bot        botCmd        `cmd:"" help:"Play Dameo online on PlayStrategy with a bot account (docs/playstrategy.md)."`
	Bench      benchCmd      `cmd:"" help:"Search the built-in bench positions to a fixed depth; the 1-thread node count is the engine's signature."`
	GUI        guiCmd        `cmd:"" name:"gui" help:"Serve a board to the web browser: play, analyse, set up positions, PDN, watch engines play."`
	Egtb       egtbCmd       `cmd:"" help:"Endgame tables: build, probe, verify and summarize them."`
	Datagen    datagenCmd    `cmd:"" help:"Play self-play games and write their quiet positions for the tuner."`
	Tune       tuneCmd       `cmd:"" help:"Train the evaluation weights on datagen files and write them as a weights file."`
	Shots      shotsCmd      `cmd:"" help:"Mine a shot suite from match games (positions where a score swung) and measure the solved rate."`
	Completion completionCmd `cmd:"" help:"Print the shell completion script for bash, zsh or fish (docs/cli.md says where it goes)."`
	Man        manCmd        `cmd:"" hidden:"" help:"Print the manual page dameo(1) in roff (dameo man | man -l -)."`
	Version    versionFlag   `help:"Print the version, commit, build date and Go version, and exit."`
}

// newParser is the command-line parser filling c.
func newParser(c *cli, options ...kong.Option) (*kong.Kong, error) {
	return kong.New(c, append([]kong.Option{
		kong.Name("dameo"),
		kong.Description("Dameo engine: Hub protocol engine, match runner and benchmarks. " +
			"The rules it plays and the position text: docs/rules.md; the Hub protocol of `dameo hub`: docs/protocol.md; " +
			"the flags every command shares: docs/cli.md.\n\n" + exitStatusHelp),
		kong.Vars{"version": version, "position_help": positionHelp, "tables_help": tablesHelp, "data_dir": dataDirHelp},
		limitVars,
		guiVars,
	}, options...)...)
}

func main() {
	var c cli
	parser, err := newParser(&c, kong.Exit(os.Exit))
	if err != nil {
		fmt.Fprintln(os.Stderr, "dameo:", err)
		os.Exit(2)
	}
	args, err := matchArgs(parser, withHelp(os.Args[1:]))
	if err != nil {
		fmt.Fprintf(os.Stderr, "dameo: %v\n", err)
		os.Exit(2)
	}
	args = joinNegativeValues(parser, args)
	ctx, err := parser.Parse(args)
	if err != nil {
		if text, ok := unquotedPosition(os.Args[1:]); ok {
			err = fmt.Errorf("%v: position text holds a space, so quote it: %q", err, text)
		}
		fmt.Fprintf(os.Stderr, "dameo: %v\n", err)
		os.Exit(2)
	}
	if err := ctx.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "dameo: %v\n", err)
		os.Exit(exitCode(err))
	}
}

// withHelp is args, or --help when there are none: `dameo` alone prints
// its help and exits with status 0, as git does.
func withHelp(args []string) []string {
	if len(args) == 0 {
		return []string{"--help"}
	}
	return args
}

// exitStatusHelp is the exit status rule, as `dameo --help` states it.
const exitStatusHelp = "Exit status: 0 done; 1 the work failed; 2 bad usage or input (flags, arguments, " +
	"position text, moves, missing or unreadable input files); 130 interrupted (Ctrl-C or SIGTERM)."

// usageError marks errors in the user's input (exit status 2).
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// errInterrupted is a command stopped by Ctrl-C (SIGINT) or SIGTERM
// (exit status 130, as shells report a command killed by SIGINT).
var errInterrupted = errors.New("interrupted")

// unreadableIsUsage is err as bad input (exit status 2) when it is a file
// that cannot be read (missing, unreadable), else err as it is: for the
// commands whose work is to check a file, a file that fails the check.
func unreadableIsUsage(err error) error {
	var unreadable *fs.PathError
	if errors.As(err, &unreadable) {
		return usageError{err}
	}
	return err
}

// interruptedBy is err, or errInterrupted when ctx was ended by a signal
// (the work stopped early: exit status 130).
func interruptedBy(ctx context.Context, err error) error {
	if ctx.Err() == nil || errors.Is(err, errInterrupted) {
		return err
	}
	if err == nil || errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	return fmt.Errorf("%w: %v", errInterrupted, err)
}

// exitCode is 2 for bad input, 130 for an interrupted command and 1 for
// other failures.
func exitCode(err error) int {
	var u usageError
	switch {
	case errors.As(err, &u):
		return 2
	case errors.Is(err, errInterrupted):
		return 130
	}
	return 1
}

// untilSignal is a context that Ctrl-C (SIGINT) or SIGTERM ends: a command
// given it stops its work early (a batch system's SIGTERM as a user's
// Ctrl-C).
func untilSignal() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
