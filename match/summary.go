// The final summary of a match: per pairing the score, Elo with its 95%
// confidence interval, LOS, draw ratio, pentanomial counts with their Elo,
// how the games ended, the SPRT state, and standings for tournaments.

package match

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Summary is the outcome of a match.
type Summary struct {
	Games, Planned int // games finished and scheduled
	TC             string
	Pairings       []PairingSummary
	Engines        []EngineSummary // in the order of the configuration
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

// Write prints the summary.
func (s *Summary) Write(w io.Writer) {
	fmt.Fprintf(w, "\n=== Match summary: %d of %d games, time control %s ===\n", s.Games, s.Planned, s.TC)
	if s.Interrupted {
		fmt.Fprintln(w, "The match was interrupted; games in progress are not counted.")
	}
	for _, p := range s.Pairings {
		if p.Score.Games() == 0 && len(s.Pairings) > 1 {
			continue
		}
		sc := p.Score
		e := sc.Elo()
		fmt.Fprintf(w, "%s vs %s: %d - %d - %d (W-L-D), score %.1f/%d [%.3f]\n",
			p.A, p.B, sc.Wins, sc.Losses, sc.Draws, sc.Points(), sc.Games(), sc.Ratio())
		fmt.Fprintf(w, "  Elo %s (95%% CI %s to %s), LOS %.1f%%, draw ratio %.1f%%\n",
			e, formatElo(e.Low), formatElo(e.High), 100*sc.LOS(), 100*sc.DrawRatio())
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
