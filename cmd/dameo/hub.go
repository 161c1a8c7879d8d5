// `dameo hub`: the engine for front-ends, speaking the Hub protocol
// (docs/protocol.md) on standard input and output.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/levels"
	"github.com/dameo/dameo/protocol"
	"github.com/dameo/dameo/search"
)

// hubOptions are the searcher's options until the front-end changes them
// (Run adds the embedded endgame tables).
var hubOptions = search.Options{Threads: 1, HashMiB: 64}

type hubCmd struct {
	Log string `help:"Append the whole exchange, both directions with timestamps, to FILE." placeholder:"FILE"`
}

// Help is the detail of `dameo hub --help`.
func (c *hubCmd) Help() string {
	return "Reads Hub commands on standard input and answers on standard output, one line each; " +
		"diagnostics go to standard error. The exit status is 0 after quit or at the end of the input. " +
		"The search's info lines give the score in men (two decimals), time in seconds and nps in millions " +
		"of nodes per second (dameo analyze prints nodes per second instead). " +
		"Every command, parameter and reply, as this engine speaks them: docs/protocol.md."
}

func (c *hubCmd) Run() error {
	var log io.Writer
	if c.Log != "" {
		f, err := openLog(c.Log)
		if err != nil {
			return err
		}
		defer f.Close()
		log = f
	}
	opts := hubOptions
	if tb, err := loadTablebase(""); err != nil {
		fmt.Fprintf(os.Stderr, "warning: %v; using the built-in tables of up to %d pieces\n", err, egtb.EmbeddedPieces)
		opts.Tablebase = searchTables{egtb.Embedded()}
	} else {
		opts.Tablebase = tb
	}
	// The searcher gets its table at init, sized by then by the front-end's
	// hash parameter: made now at its default size, it would be made twice.
	small := opts
	small.HashMiB = search.MinHashMiB
	player := levels.NewPlayer(search.New(small), opts)
	cfg := protocol.Config{
		Searcher: player,
		Options:  opts,
		LoadBook: func(path string) (protocol.Book, error) {
			b, err := loadHubBook(path)
			if err != nil {
				return nil, err
			}
			return player.Book(b), nil
		},
		LoadTablebase: loadTablebase,
		Name:          "dameo",
		Version:       version,
		Author:        "the dameo developers",
		Country:       "unknown",
		Log:           log,
		Diag:          os.Stderr,
		Params:        levelParams(player),
	}
	// A front-end that closes the engine's output ends the session quietly
	// (the write fails) instead of killing the engine with SIGPIPE.
	signal.Ignore(syscall.SIGPIPE)
	return protocol.Run(context.Background(), cfg, os.Stdin, os.Stdout)
}

// loadHubBook loads a book file, or the built-in book for "".
func loadHubBook(path string) (protocol.Book, error) {
	load := book.Load
	if path == "" {
		load = func(string) (*book.Book, error) { return book.Builtin() }
	}
	b, err := load(path)
	if err != nil {
		return nil, err
	}
	return b, nil
}
