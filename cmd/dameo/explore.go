// `dameo explore`: the opening explorer on the command line: the moves
// played from a position in the games of PDN files, with their results.

package main

import (
	"fmt"
	"io"
	"os"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/explorer"
)

type exploreCmd struct {
	positionFlags `embed:""`
	Games         []string `required:"" sep:"none" placeholder:"FILE" help:"PDN file of games to explore (repeat for more)."`
	Player        string   `placeholder:"NAME" help:"Only the games NAME played, with either colour (the White or Black tag, case aside; default: every game)."`
	White         string   `placeholder:"NAME" help:"Only the games NAME played with White (default: every game)."`
	Black         string   `placeholder:"NAME" help:"Only the games NAME played with Black (default: every game)."`
	Result        string   `placeholder:"RESULT" help:"Only the games of this result: 1-0, 0-1 or 1/2-1/2 (default: every game)."`
	Position      string   `arg:"" optional:"" help:"${position_help}"`
}

// Help is the detail of `dameo explore --help`.
func (c *exploreCmd) Help() string {
	return `Reads the games of the PDN files and prints, for the position (after
--moves), every move played from it in those games, most played first: the
games, White's wins, the draws, Black's wins, and the score of the side to
move (its share of the points of the finished games, a draw half a point);
then the totals. A position is found whatever the order of the moves that
led to it. A game counts once in a position, with the move it played there
first; variations are left out; a game that cannot be read or replayed is
skipped, and standard error says why. Example:

  dameo explore --games match.pdn --player dameo --moves "c3-c4 f6-f5"`
}

func (c *exploreCmd) Run() error {
	g, err := c.game(c.Position)
	if err != nil {
		return err
	}
	x, err := exploreFiles(c.Games, explorer.Filter{Player: c.Player, White: c.White, Black: c.Black, Result: c.Result})
	if err != nil {
		return err
	}
	p := g.Position()
	printExplored(os.Stdout, x.Stats(), &p, x.Lookup(&p))
	return nil
}

// exploreFiles is an index of the games of the PDN files that f keeps; a
// file's skipped games are reported on standard error.
func exploreFiles(files []string, f explorer.Filter) (*explorer.Index, error) {
	x, err := explorer.New(f)
	if err != nil {
		return nil, usageError{err}
	}
	for _, file := range files {
		st, err := x.ReadFile(file)
		if err != nil {
			return nil, usageError{err}
		}
		if st.Skipped > 0 {
			fmt.Fprintf(os.Stderr, "dameo: %s: %s skipped; the first: %s\n", file, plural(st.Skipped, "game"), st.Reason)
		}
	}
	return x, nil
}

// printExplored writes the games indexed and the position's moves as a
// table.
func printExplored(w io.Writer, st explorer.Stats, p *engine.Position, e explorer.Entry) {
	fmt.Fprintf(w, "%s indexed, %d skipped, %d left out by the filter\n", plural(st.Games, "game"), st.Skipped, st.Filtered)
	side := sideName(p.SideToMove())
	if e.Games == 0 {
		fmt.Fprintf(w, "%s to move: no game reached the position\n", side)
		return
	}
	fmt.Fprintf(w, "%s to move: %s reached the position; score: %s's share of the points\n", side, plural(e.Games, "game"), side)
	width := len("(ended)")
	for _, m := range e.Moves {
		width = max(width, len(m.Text))
	}
	row := func(name string, c explorer.Counts) {
		score := "-"
		if s, ok := c.Score(p.SideToMove()); ok {
			score = fmt.Sprintf("%.1f%%", 100*s)
		}
		fmt.Fprintf(w, "%-*s %6d %6d %6d %6d %7s\n", width, name, c.Games, c.WhiteWins, c.Draws, c.BlackWins, score)
	}
	fmt.Fprintf(w, "%-*s %6s %6s %6s %6s %7s\n", width, "move", "games", "white", "draws", "black", "score")
	for _, m := range e.Moves {
		row(m.Text, m.Counts)
	}
	if e.Ended.Games > 0 {
		row("(ended)", e.Ended)
	}
	row("total", e.Counts)
}
