// The match statistics: Elo from a score with its 95% confidence interval,
// likelihood of superiority, draw ratio and the pentanomial statistics of
// game pairs.

package match

import (
	"fmt"
	"math"
)

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Outcome is the result of one game from the first engine's view.
type Outcome int8

const (
	// Loss: the first engine lost.
	Loss Outcome = iota
	// Draw: the game was drawn.
	Draw
	// Win: the first engine won.
	Win
)

// Points is the outcome's score in half points: 0, 1 or 2.
func (o Outcome) Points() int { return int(o) }

// Score counts the games of an engine (or of one side of a pairing).
type Score struct {
	Wins, Draws, Losses int
}

// Add counts one game.
func (s *Score) Add(o Outcome) {
	switch o {
	case Win:
		s.Wins++
	case Draw:
		s.Draws++
	default:
		s.Losses++
	}
}

// Games is the number of games counted.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Points is the score in points (a draw is half a point).
func (s Score) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Ratio is the score per game, 0 to 1 (0.5 without games).
func (s Score) Ratio() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return s.Points() / float64(s.Games())
}

// DrawRatio is the fraction of games drawn (0 without games).
func (s Score) DrawRatio() float64 {
	if s.Games() == 0 {
		return 0
	}
	return float64(s.Draws) / float64(s.Games())
}

// Reversed is the score from the opponent's view.
func (s Score) Reversed() Score { return Score{s.Losses, s.Draws, s.Wins} }

// LOS is the likelihood of superiority: the probability that the engine is
// stronger, from wins and losses only (draws carry no information),
// 0.5·(1 + erf((W−L)/√(2(W+L)))). It is 0.5 without decisive games.
func (s Score) LOS() float64 {
	if s.Wins+s.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*float64(s.Wins+s.Losses))))
}

// variance is the per-game variance of the score (outcomes 1, ½, 0).
func (s Score) variance() float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	m := s.Ratio()
	w, d, l := float64(s.Wins)/n, float64(s.Draws)/n, float64(s.Losses)/n
	return w*(1-m)*(1-m) + d*(0.5-m)*(0.5-m) + l*m*m
}

// Elo estimates the Elo difference from the games taken one by one (the
// trinomial model), with its 95% confidence interval.
func (s Score) Elo() Estimate {
	return estimate(s.Ratio(), s.variance(), s.Games())
}

// Estimate is an Elo difference with its 95% confidence interval.
type Estimate struct {
	Elo        float64 // the estimate; ±Inf for a score of 100% or 0%
	Low, High  float64 // the bounds of the 95% confidence interval
	NoVariance bool    // every sample was the same: the data give no interval
}

// Error is half the width of the confidence interval (the "±" of a
// result); +Inf when the interval is unbounded.
func (e Estimate) Error() float64 {
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) {
		return math.Inf(1)
	}
	return (e.High - e.Low) / 2
}

// String formats the estimate as "12.3 +/- 4.5", or says that the
// results have no variance.
func (e Estimate) String() string {
	if e.NoVariance {
		return formatElo(e.Elo) + " (no interval: the results have no variance)"
	}
	return fmt.Sprintf("%s +/- %s", formatElo(e.Elo), formatElo(e.Error()))
}

// interval is " (95% CI low to high)", or "" without variance.
func (e Estimate) interval() string {
	if e.NoVariance {
		return ""
	}
	return fmt.Sprintf(" (95%% CI %s to %s)", formatElo(e.Low), formatElo(e.High))
}

func formatElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	}
	if math.Abs(x) < 0.05 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%.1f", x)
}

// estimate converts a mean score with a per-sample variance over n samples
// into Elo with a 95% interval (the interval of the mean score, mapped to
// Elo; it is not symmetric around the estimate).
func estimate(mean, variance float64, n int) Estimate {
	if n == 0 {
		return Estimate{Elo: 0, Low: math.Inf(-1), High: math.Inf(1)}
	}
	elo := EloFromScore(mean)
	if variance <= 0 {
		return Estimate{Elo: elo, Low: elo, High: elo, NoVariance: true}
	}
	d := z95 * math.Sqrt(variance/float64(n))
	return Estimate{Elo: elo, Low: EloFromScore(mean - d), High: EloFromScore(mean + d)}
}

// EloFromScore is the logistic Elo difference that gives the expected score
// s (0 to 1): −400·log10(1/s − 1). It is ±Inf at 1 and 0.
func EloFromScore(s float64) float64 {
	switch {
	case s >= 1:
		return math.Inf(1)
	case s <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the expected score for an Elo difference: 1/(1+10^(−e/400)).
func ScoreFromElo(e float64) float64 { return 1 / (1 + math.Pow(10, -e/400)) }

// Pentanomial counts game pairs (an opening played with both colours) by
// the first engine's points in the pair, in half points: index 0 is two
// losses (LL), 1 a loss and a draw (LD), 2 a win and a loss or two draws
// (WL+DD), 3 a win and a draw (WD), 4 two wins (WW).
type Pentanomial [5]int

// AddPair counts a pair of games.
func (p *Pentanomial) AddPair(a, b Outcome) { p[a.Points()+b.Points()]++ }

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Ratio is the mean score per game of the pairs (0.5 without pairs).
func (p Pentanomial) Ratio() float64 {
	n := p.Pairs()
	if n == 0 {
		return 0.5
	}
	sum := 0.0
	for i, c := range p {
		sum += float64(c) * float64(i) / 4
	}
	return sum / float64(n)
}

// variance is the per-pair variance of the pair score (0, ¼, ½, ¾, 1).
func (p Pentanomial) variance() float64 {
	n := float64(p.Pairs())
	if n == 0 {
		return 0
	}
	m := p.Ratio()
	v := 0.0
	for i, c := range p {
		d := float64(i)/4 - m
		v += float64(c) / n * d * d
	}
	return v
}

// Elo estimates the Elo difference from the pairs (the pentanomial model,
// which accounts for the correlation of the two games of an opening), with
// its 95% confidence interval.
func (p Pentanomial) Elo() Estimate {
	return estimate(p.Ratio(), p.variance(), p.Pairs())
}

// String lists the counts as "[LL, LD, WL+DD, WD, WW]".
func (p Pentanomial) String() string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}
