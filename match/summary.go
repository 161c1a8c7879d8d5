// The final summary of a match: per pairing the score, Elo with its 95%
// confidence interval, LOS, draw ratio, pentanomial counts with their Elo,
// how the games ended, the SPRT state, standings for tournaments, what
// failed, and the same results in the format of cutechess-cli.

package match

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Summary is the outcome of a match.
type Summary struct {
	Games, Planned int // games played and scheduled
	Unplayed       int // games not played because an engine could not start
	Shard          Shard
	TC             string
	Pairings       []PairingSummary
	Engines        []EngineSummary // in the order of the configuration
	Failures       []EngineFailure // engines that failed, in the order of the configuration
	SPRT           *SPRT
	LLR            float64
	Decision       Decision
	Interrupted    bool // the match was cancelled before its end
}

// PairingSummary is the result of two engines against each other, from
// engine A's view.
type PairingSummary struct {
	A, B         string
	Score        Score
	Penta        Pentanomial
	Terminations map[string]int // by PDN Termination value
}

// EngineSummary is an engine's score over all its games.
type EngineSummary struct {
	Name  string
	Score Score
}

// EngineFailure is what went wrong with an engine.
type EngineFailure struct {
	Name       string
	StartError string         // why it could not be started ("" if it could)
	Unplayed   int            // games not played because of that
	Losses     map[string]int // games lost by misbehaving, by termination
}

// Write prints the summary: dameo's own, then cutechess-cli's.
func (s *Summary) Write(w io.Writer) { s.WriteOutput(w, Output{}) }

// WriteOutput prints the summary in the format of o: dameo's own and then
// cutechess-cli's lines, cutechess-cli's lines alone, or fastchess's
// result blocks.
func (s *Summary) WriteOutput(w io.Writer, o Output) {
	if o.Format == FormatDameo || o.Format == "" {
		s.writeDameo(w)
	}
	var sprt *SPRT
	if len(s.Pairings) == 1 {
		sprt = s.SPRT
	}
	for _, p := range s.played() {
		o.scoreReport(w, p, sprt, s.LLR, s.TC)
	}
	if o.Format == FormatFastchess && sprt != nil {
		writeFastchessVerdict(w, *sprt, s.Decision)
	}
	if o.Format == FormatCutechess {
		fmt.Fprintln(w, "Finished match")
	}
}

// writeDameo prints dameo's own summary and the empty line after it.
func (s *Summary) writeDameo(w io.Writer) {
	of := ""
	if s.Shard.Count > 0 {
		of = " in shard " + s.Shard.String()
	}
	fmt.Fprintf(w, "\n=== Match summary: %d of %d games%s, time control %s ===\n", s.Games, s.Planned, of, s.TC)
	if s.Interrupted {
		fmt.Fprintln(w, "The match was interrupted; games in progress are not counted.")
	}
	if s.Unplayed > 0 {
		fmt.Fprintf(w, "%d games were not played: an engine could not be started (see Failures).\n", s.Unplayed)
	}
	for _, p := range s.played() {
		sc := p.Score
		e := sc.Elo()
		fmt.Fprintf(w, "%s vs %s: %d - %d - %d (W-L-D), score %.1f/%d [%.3f]\n",
			p.A, p.B, sc.Wins, sc.Losses, sc.Draws, sc.Points(), sc.Games(), sc.Ratio())
		fmt.Fprintf(w, "  Elo %s%s, LOS %.1f%%, draw ratio %.1f%%\n",
			e, e.interval(), 100*sc.LOS(), 100*sc.DrawRatio())
		if p.Penta.Pairs() > 0 {
			fmt.Fprintf(w, "  Pentanomial [LL, LD, WL+DD, WD, WW] %v over %d pairs, Elo %s\n",
				p.Penta, p.Penta.Pairs(), p.Penta.Elo())
		}
		if len(p.Terminations) > 0 {
			fmt.Fprintf(w, "  Game endings: %s\n", formatCounts(p.Terminations))
		}
	}
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		fmt.Fprintf(w, "SPRT (%s): LLR %.2f, bounds [%.2f, %.2f], %s\n", s.SPRT, s.LLR, lo, hi, s.Decision)
	}
	if len(s.Engines) > 2 {
		rank := append([]EngineSummary(nil), s.Engines...)
		sort.SliceStable(rank, func(i, j int) bool { return rank[i].Score.Ratio() > rank[j].Score.Ratio() })
		fmt.Fprintln(w, "Standings:")
		fmt.Fprintf(w, "  %-4s %-20s %7s %6s %7s %s\n", "rank", "name", "points", "games", "score", "Elo +/- 95%")
		for i, e := range rank {
			fmt.Fprintf(w, "  %-4d %-20s %7.1f %6d %6.1f%% %s\n", i+1, e.Name, e.Score.Points(), e.Score.Games(), 100*e.Score.Ratio(), e.Score.Elo())
		}
	}
	if len(s.Failures) > 0 {
		fmt.Fprintln(w, "Failures:")
		for _, f := range s.Failures {
			if f.StartError != "" {
				fmt.Fprintf(w, "  %s could not be started (%d games not played): %s\n", f.Name, f.Unplayed, f.StartError)
			}
			if len(f.Losses) > 0 {
				fmt.Fprintf(w, "  %s lost games by %s\n", f.Name, formatCounts(f.Losses))
			}
		}
	}
	fmt.Fprintln(w)
}

// played lists the pairings to show: those with games, or the only one.
func (s *Summary) played() []PairingSummary {
	var out []PairingSummary
	for _, p := range s.Pairings {
		if p.Score.Games() > 0 || len(s.Pairings) == 1 {
			out = append(out, p)
		}
	}
	return out
}

// writeCutechess prints a pairing's score as cutechess-cli does:
//
//	Score of a vs b: 12 - 8 - 20  [0.550] 40
//	Elo difference: 34.9 +/- 79.2, LOS: 81.4 %, DrawRatio: 50.0 %
func writeCutechess(w io.Writer, a, b string, sc Score) {
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", a, b, sc.Wins, sc.Losses, sc.Draws, sc.Ratio(), sc.Games())
	fmt.Fprintf(w, "Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%\n", sc.Elo(), 100*sc.LOS(), 100*sc.DrawRatio())
}

// writeCutechessSPRT prints the SPRT state as cutechess-cli does, with the
// test's Elo bounds and model.
func writeCutechessSPRT(w io.Writer, t SPRT, llr float64, d Decision) {
	lo, hi := t.Bounds()
	line := fmt.Sprintf("SPRT: llr %.3g (%.1f%%), lbound %.2f, ubound %.2f, elo0 %g, elo1 %g, %s",
		llr, 100*llr/hi, lo, hi, t.Elo0, t.Elo1, t.model())
	switch d {
	case AcceptH0:
		line += " - H0 was accepted"
	case AcceptH1:
		line += " - H1 was accepted"
	}
	fmt.Fprintln(w, line)
}

// formatCounts writes "normal 40, adjudication 12" (largest first).
func formatCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
