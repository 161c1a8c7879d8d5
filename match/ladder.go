// A ladder: one Elo per engine fitted to the results of several matches
// between them (weighted least squares on each pairing's Elo difference,
// anchored at one engine = 0), with 95% intervals, and each pairing's
// measured difference beside the fitted one. It is how the strength levels
// are calibrated (docs/levels.md): `dameo match report --ladder`.

package match

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Ladder is the fit of engines' Elo to pairings.
type Ladder struct {
	Anchor  string
	Ratings []LadderRating // from the lowest Elo up
	Pairs   []LadderPair   // in the order given
}

// LadderRating is an engine's fitted Elo against the anchor.
type LadderRating struct {
	Name  string
	Elo   float64
	Error float64 // half the width of the 95% interval
	Games int
}

// LadderPair is a pairing's Elo difference (A minus B) as measured and as
// the fit has it.
type LadderPair struct {
	A, B     string
	Games    int
	Measured float64
	Error    float64 // half the width of the measurement's 95% interval
	Fitted   float64
	Padded   bool // a score without variance (a sweep): measured over one game more, drawn
}

// pairElo is the Elo difference of a pairing and its standard error. The
// game pairs' variance (pentanomial) is used when every game is in a pair.
// A score without variance (a sweep, or all draws) is padded with one drawn
// game and taken as binomial, so that its difference and error are finite.
func pairElo(p PairingSummary) (elo, se float64, padded bool) {
	games := p.Score.Games()
	m, v := p.Score.Ratio(), p.Score.variance()/float64(games)
	if n := p.Penta.Pairs(); n > 0 && 2*n == games {
		m, v = p.Penta.Ratio(), p.Penta.variance()/float64(n)
	}
	if v <= 0 || m <= 0 || m >= 1 {
		padded = true
		m = (p.Score.Points() + 0.5) / float64(games+1)
		v = m * (1 - m) / float64(games+1)
	}
	slope := 400 / (math.Ln10 * m * (1 - m)) // dElo/dscore
	return EloFromScore(m), math.Sqrt(v) * slope, padded
}

// FitLadder fits one Elo per engine of pairs, anchor = 0, minimising the
// squared differences between fitted and measured pairings weighted by
// their precision. Every engine must be linked to the anchor by pairings.
func FitLadder(pairs []PairingSummary, anchor string) (*Ladder, error) {
	index := map[string]int{anchor: 0}
	names := []string{anchor}
	for _, p := range pairs {
		if p.A == p.B {
			return nil, fmt.Errorf("a pairing of %s with itself", p.A)
		}
		for _, n := range []string{p.A, p.B} {
			if _, ok := index[n]; !ok {
				index[n] = len(names)
				names = append(names, n)
			}
		}
	}
	if err := linked(pairs, names, anchor); err != nil {
		return nil, err
	}
	// Normal equations for the Elo of every engine but the anchor (index 0).
	k := len(names) - 1
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, k+1) // the last column is the right-hand side
	}
	l := &Ladder{Anchor: anchor}
	games := make([]int, len(names))
	for _, p := range pairs {
		if p.Score.Games() == 0 {
			continue
		}
		y, se, padded := pairElo(p)
		l.Pairs = append(l.Pairs, LadderPair{A: p.A, B: p.B, Games: p.Score.Games(), Measured: y, Error: z95 * se, Padded: padded})
		w := 1 / (se * se)
		i, j := index[p.A]-1, index[p.B]-1 // -1: the anchor, fixed at 0
		games[i+1] += p.Score.Games()
		games[j+1] += p.Score.Games()
		if i >= 0 {
			a[i][i] += w
			a[i][k] += w * y
		}
		if j >= 0 {
			a[j][j] += w
			a[j][k] -= w * y
		}
		if i >= 0 && j >= 0 {
			a[i][j] -= w
			a[j][i] -= w
		}
	}
	elo, variance := solve(a)
	l.Ratings = append(l.Ratings, LadderRating{Name: anchor, Games: games[0]})
	for i := range k {
		l.Ratings = append(l.Ratings, LadderRating{Name: names[i+1], Elo: elo[i], Error: z95 * math.Sqrt(variance[i]), Games: games[i+1]})
	}
	fitted := map[string]float64{}
	for _, r := range l.Ratings {
		fitted[r.Name] = r.Elo
	}
	for i := range l.Pairs {
		l.Pairs[i].Fitted = fitted[l.Pairs[i].A] - fitted[l.Pairs[i].B]
	}
	slices.SortStableFunc(l.Ratings, func(x, y LadderRating) int { return cmpFloat(x.Elo, y.Elo) })
	return l, nil
}

func cmpFloat(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// linked is an error naming the engines that no chain of pairings with
// games links to the anchor, or naming the anchor when it played none.
func linked(pairs []PairingSummary, names []string, anchor string) error {
	reached := map[string]bool{anchor: true}
	for grew := true; grew; {
		grew = false
		for _, p := range pairs {
			if p.Score.Games() > 0 && reached[p.A] != reached[p.B] {
				reached[p.A], reached[p.B], grew = true, true, true
			}
		}
	}
	if len(reached) == 1 {
		return fmt.Errorf("the anchor %s played no games in these matches", anchor)
	}
	var apart []string
	for _, n := range names {
		if !reached[n] {
			apart = append(apart, n)
		}
	}
	if len(apart) > 0 {
		return fmt.Errorf("no games link %s to the anchor %s", strings.Join(apart, ", "), anchor)
	}
	return nil
}

// solve solves the symmetric positive definite system a (n rows of n
// coefficients and the right-hand side) by Gauss-Jordan elimination, and
// gives the diagonal of the inverse too: the variances of the solution.
func solve(a [][]float64) (x, variance []float64) {
	n := len(a)
	// Augment with the identity to get the inverse's diagonal.
	m := make([][]float64, n)
	for i := range a {
		m[i] = make([]float64, 2*n+1)
		copy(m[i], a[i][:n])
		m[i][n] = a[i][n]
		m[i][n+1+i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		pivot := m[c][c]
		for j := range m[c] {
			m[c][j] /= pivot
		}
		for r := range n {
			if r == c || m[r][c] == 0 {
				continue
			}
			f := m[r][c]
			for j := range m[r] {
				m[r][j] -= f * m[c][j]
			}
		}
	}
	x, variance = make([]float64, n), make([]float64, n)
	for i := range n {
		x[i], variance[i] = m[i][n], m[i][n+1+i]
	}
	return x, variance
}

// ReportLadder reads each of matches (a PDN file or a directory of the
// shards of one match, as Report reads them) and fits the ladder of their
// engines, anchor = 0. Which files each match had goes to notes.
func ReportLadder(matches []string, anchor string, notes io.Writer) (*Ladder, error) {
	var pairs []PairingSummary
	for _, m := range matches {
		s, err := Report([]string{m}, notes)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", m, err)
		}
		pairs = append(pairs, s.Pairings...)
	}
	return FitLadder(pairs, anchor)
}

// Write prints the ladder: each engine's Elo with its 95% interval and
// games, then each pairing measured and fitted.
func (l *Ladder) Write(w io.Writer) {
	fmt.Fprintf(w, "Ladder of %d engines from %d pairings, %s = 0 (Elo +/- 95%%):\n", len(l.Ratings), len(l.Pairs), l.Anchor)
	width := 6
	for _, r := range l.Ratings {
		width = max(width, len(r.Name))
	}
	fmt.Fprintf(w, "%-*s  %8s  %7s  %6s\n", width, "engine", "Elo", "+/-", "games")
	for _, r := range l.Ratings {
		fmt.Fprintf(w, "%-*s  %8s  %7s  %6d\n", width, r.Name, formatElo(r.Elo), formatElo(r.Error), r.Games)
	}
	fmt.Fprintln(w, "Pairings (Elo of the first minus the second):")
	for _, p := range l.Pairs {
		note := ""
		if p.Padded {
			note = " (no variance: padded with a drawn game)"
		}
		fmt.Fprintf(w, "%s vs %s: %d games, measured %s +/- %s, fitted %s%s\n",
			p.A, p.B, p.Games, formatElo(p.Measured), formatElo(p.Error), formatElo(p.Fitted), note)
	}
}
