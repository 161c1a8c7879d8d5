// How a match prints its results: dameo's own summary followed by
// cutechess-cli's lines (the default), cutechess-cli's lines alone, or
// fastchess's result blocks; and the pentanomial line cutechess-cli's
// score reports can carry (fastchess's -report penta).

package match

import (
	"fmt"
	"io"
	"strings"
)

// Output formats of a match's score reports and summary.
const (
	FormatDameo     = "dameo"     // dameo's summary, then cutechess-cli's lines
	FormatCutechess = "cutechess" // cutechess-cli's lines only
	FormatFastchess = "fastchess" // fastchess's result blocks
)

// Output says how a match prints its results.
type Output struct {
	Format string // FormatDameo ("" too), FormatCutechess or FormatFastchess
	Penta  bool   // add the pentanomial line to cutechess-cli's score reports
}

// ParseOutputFormat reads a format name, "format=NAME" as fastchess's
// -output takes it, or the name alone.
func ParseOutputFormat(s string) (string, error) {
	name := strings.TrimPrefix(s, "format=")
	switch name {
	case FormatDameo, FormatCutechess, FormatFastchess:
		return name, nil
	}
	return "", fmt.Errorf("output format %q: want %s, %s or %s", s, FormatDameo, FormatCutechess, FormatFastchess)
}

// ParseReport reads the statistics a report adds: "penta" (or fastchess's
// "penta=true"; "penta=false" and "" for none).
func ParseReport(s string) (bool, error) {
	switch s {
	case "penta", "penta=true":
		return true, nil
	case "", "penta=false":
		return false, nil
	}
	return false, fmt.Errorf("report %q: want penta (or penta=true, penta=false)", s)
}

func (o Output) check() error {
	if o.Format == "" {
		return nil
	}
	_, err := ParseOutputFormat(o.Format)
	return err
}

// scoreReport writes a pairing's score report (every --rating-interval
// games, and at the end of the cutechess formats) in the format of o.
func (o Output) scoreReport(w io.Writer, p PairingSummary, sprt *SPRT, llr float64, tc string) {
	if o.Format == FormatFastchess {
		writeFastchess(w, p, sprt, llr, tc)
		return
	}
	writeCutechess(w, p.A, p.B, p.Score)
	if o.Penta && p.Penta.Pairs() > 0 {
		writePentaLine(w, p.Penta)
	}
	if sprt != nil {
		writeCutechessSPRT(w, *sprt, llr, sprt.Decide(llr))
	}
}

// writePentaLine is the pentanomial line of a score report:
//
//	Ptnml(0-2): [1, 3, 8, 5, 3], pairs 20, Elo 52.5 +/- 83.8 (pentanomial)
func writePentaLine(w io.Writer, p Pentanomial) {
	fmt.Fprintf(w, "Ptnml(0-2): %v, pairs %d, Elo %s (pentanomial)\n", p, p.Pairs(), p.Elo())
}

// writeFastchess writes a pairing's results as fastchess does (the values
// dameo computes; fastchess's nElo and WL/DD ratio are left out):
//
//	--------------------------------------------------
//	Results of a vs b (10+0.1):
//	Elo: 34.9 +/- 77.4
//	LOS: 81.45 %, DrawRatio: 50.00 %, PairsRatio: 2.00
//	Games: 40, Wins: 12, Losses: 8, Draws: 20, Points: 22.0 (55.00 %)
//	Ptnml(0-2): [1, 3, 8, 5, 3]
//	LLR: 1.23 (-2.94, 2.94) [0.00, 5.00]
//	--------------------------------------------------
func writeFastchess(w io.Writer, p PairingSummary, sprt *SPRT, llr float64, tc string) {
	const rule = "--------------------------------------------------"
	sc := p.Score
	fmt.Fprintln(w, rule)
	fmt.Fprintf(w, "Results of %s vs %s (%s):\n", p.A, p.B, tc)
	fmt.Fprintf(w, "Elo: %s\n", sc.Elo())
	fmt.Fprintf(w, "LOS: %.2f %%, DrawRatio: %.2f %%", 100*sc.LOS(), 100*sc.DrawRatio())
	if losing := p.Penta[0] + p.Penta[1]; losing > 0 {
		fmt.Fprintf(w, ", PairsRatio: %.2f", float64(p.Penta[3]+p.Penta[4])/float64(losing))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n",
		sc.Games(), sc.Wins, sc.Losses, sc.Draws, sc.Points(), 100*sc.Ratio())
	if p.Penta.Pairs() > 0 {
		fmt.Fprintf(w, "Ptnml(0-2): %v\n", p.Penta)
	}
	if sprt != nil {
		lo, hi := sprt.Bounds()
		fmt.Fprintf(w, "LLR: %.2f (%.2f, %.2f) [%.2f, %.2f]\n", llr, lo, hi, sprt.Elo0, sprt.Elo1)
	}
	fmt.Fprintln(w, rule)
}

// writeFastchessVerdict writes the line fastchess ends a decided SPRT
// with, after its last result block, which tools that drive fastchess
// look for:
//
//	SPRT ([0.00, 5.00]) completed - H1 was accepted
//
// An SPRT still undecided at the end of its games has no such line (where
// fastchess would print one all the same).
func writeFastchessVerdict(w io.Writer, t SPRT, d Decision) {
	h := map[Decision]string{AcceptH0: "H0", AcceptH1: "H1"}[d]
	if h == "" {
		return
	}
	fmt.Fprintf(w, "SPRT ([%.2f, %.2f]) completed - %s was accepted\n", t.Elo0, t.Elo1, h)
}
