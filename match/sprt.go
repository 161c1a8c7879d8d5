// Sequential probability ratio test: the generalized SPRT of fishtest and
// fastchess, with the log-likelihood ratio approximated from the mean and
// variance of the observed scores (M. Van den Bergh), in the logistic Elo
// model, on game pairs (pentanomial) or single games (trinomial).

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT tests H0: elo = Elo0 against H1: elo = Elo1 with false positive rate
// Alpha and false negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Decision is the state of an SPRT.
type Decision int

const (
	// Continue: no bound crossed yet.
	Continue Decision = iota
	// AcceptH0: the lower bound was crossed (elo0 is more likely).
	AcceptH0
	// AcceptH1: the upper bound was crossed (elo1 is more likely).
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// ParseSPRT reads "elo0=0,elo1=5,alpha=0.05,beta=0.05" (comma or space
// separated; alpha and beta default to 0.05).
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return t, fmt.Errorf("sprt: %q is not name=value", f)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, fmt.Errorf("sprt: %s=%q is not a number", k, v)
		}
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, fmt.Errorf("sprt: unknown parameter %q (want elo0, elo1, alpha, beta)", k)
		}
		seen[k] = true
	}
	if !seen["elo0"] || !seen["elo1"] {
		return t, fmt.Errorf("sprt: elo0 and elo1 are required")
	}
	return t, t.Validate()
}

// Validate checks that the test makes sense.
func (t SPRT) Validate() error {
	if !(t.Elo1 > t.Elo0) {
		return fmt.Errorf("sprt: elo1 (%g) must be greater than elo0 (%g)", t.Elo1, t.Elo0)
	}
	if !(t.Alpha > 0 && t.Alpha < 0.5 && t.Beta > 0 && t.Beta < 0.5) {
		return fmt.Errorf("sprt: alpha and beta must be between 0 and 0.5")
	}
	return nil
}

// Bounds are the LLR bounds: log(β/(1−α)) below, log((1−β)/α) above.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Pseudo-counts that replace outcomes never observed, so that a sample
// with no variance (all wins, all draws) still gives a finite LLR that
// grows with the evidence: half a game for each missing game outcome, a
// quarter of a pair for each missing pair outcome.
const (
	pseudoGames = 0.5
	pseudoPairs = 0.25
)

// llr is the approximate log-likelihood ratio for samples with values
// x[i] observed count[i] times (zero counts replaced by pseudo):
// (s1−s0)·(2m−s0−s1) / (2v/n), where m is the mean, v the per-sample
// variance, n the number of samples, and s0 and s1 the expected scores
// under H0 and H1. It is 0 without samples.
func (t SPRT) llr(x []float64, count []int, pseudo float64) float64 {
	total := 0
	for _, c := range count {
		total += c
	}
	if total == 0 {
		return 0
	}
	c := make([]float64, len(count))
	n := 0.0
	for i, k := range count {
		c[i] = float64(k)
		if k == 0 {
			c[i] = pseudo
		}
		n += c[i]
	}
	m, sq := 0.0, 0.0
	for i := range c {
		m += c[i] * x[i] / n
		sq += c[i] * x[i] * x[i] / n
	}
	v := sq - m*m
	if v <= 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return (s1 - s0) * (2*m - s0 - s1) / (2 * v / n)
}

// LLRTrinomial is the log-likelihood ratio from single games.
func (t SPRT) LLRTrinomial(s Score) float64 {
	return t.llr([]float64{1, 0.5, 0}, []int{s.Wins, s.Draws, s.Losses}, pseudoGames)
}

// LLRPentanomial is the log-likelihood ratio from game pairs.
func (t SPRT) LLRPentanomial(p Pentanomial) float64 {
	return t.llr([]float64{0, 0.25, 0.5, 0.75, 1}, p[:], pseudoPairs)
}

// Decide compares an LLR with the bounds.
func (t SPRT) Decide(llr float64) Decision {
	lo, hi := t.Bounds()
	switch {
	case llr <= lo:
		return AcceptH0
	case llr >= hi:
		return AcceptH1
	}
	return Continue
}

// String is "elo0=0 elo1=5 alpha=0.05 beta=0.05".
func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}
