// Sequential probability ratio test: the generalized SPRT of fishtest and
// fastchess on game pairs (pentanomial) or single games (trinomial), with
// the log-likelihood ratio of the maximum likelihood distributions under
// H0 and H1 (M. Van den Bergh, "Comments on Normalized Elo"), in the
// logistic or the normalized Elo model.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT models: how elo0 and elo1 are read.
const (
	// Logistic Elo: the expected score is 1/(1+10^(−elo/400)).
	Logistic = "logistic"
	// Normalized Elo: the score's distance from ½ in standard deviations
	// (of a game, or of a game pair divided by √2), times 800/ln 10; it
	// does not depend on the draw ratio.
	Normalized = "normalized"
)

// SPRT tests H0: elo = Elo0 against H1: elo = Elo1 with false positive rate
// Alpha and false negative rate Beta, in the Model's Elo ("" = Logistic).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       string
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

// ParseSPRT reads "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=logistic"
// (comma or space separated; alpha and beta default to 0.05, the model to
// logistic).
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05, Model: Logistic}
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return t, fmt.Errorf("sprt: %q is not name=value", f)
		}
		if seen[k] {
			return t, fmt.Errorf("sprt: %s given twice", k)
		}
		seen[k] = true
		if k == "model" {
			t.Model = v
			continue
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
			return t, fmt.Errorf("sprt: unknown parameter %q (want elo0, elo1, alpha, beta, model)", k)
		}
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
	if t.Model != "" && t.Model != Logistic && t.Model != Normalized {
		return fmt.Errorf("sprt: model %q: want %s or %s", t.Model, Logistic, Normalized)
	}
	if math.Abs(t.Elo0) >= 1000 || math.Abs(t.Elo1) >= 1000 {
		return fmt.Errorf("sprt: elo0 and elo1 must be within ±1000")
	}
	return nil
}

// model is the model's name, Logistic when unset.
func (t SPRT) model() string {
	if t.Model == "" {
		return Logistic
	}
	return t.Model
}

// Bounds are the LLR bounds: log(β/(1−α)) below, log((1−β)/α) above.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// regularized replaces a count of zero by this, so that an outcome never
// observed keeps a small probability and the LLR stays finite.
const regularized = 1e-3

// nEloScale is 800/ln 10: normalized Elo per standard deviation of the
// score.
var nEloScale = 800 / math.Ln10

// LLRTrinomial is the log-likelihood ratio from single games.
func (t SPRT) LLRTrinomial(s Score) float64 {
	return t.llr([]float64{0, 0.5, 1}, []int{s.Losses, s.Draws, s.Wins}, 1)
}

// LLRPentanomial is the log-likelihood ratio from game pairs.
func (t SPRT) LLRPentanomial(p Pentanomial) float64 {
	return t.llr([]float64{0, 0.25, 0.5, 0.75, 1}, p[:], math.Sqrt2)
}

// llr is the log-likelihood ratio of samples with values x observed
// count[i] times: n·Σ p̂ᵢ·ln(p1ᵢ/p0ᵢ), where p̂ is the observed
// distribution and p0, p1 the distributions closest to it (maximum
// likelihood) whose expected score (logistic) or normalized Elo
// (normalized; t = scale·elo/nEloScale) is that of H0 and H1. It is 0
// without samples.
func (t SPRT) llr(x []float64, count []int, scale float64) float64 {
	n := 0.0
	phat := make([]float64, len(count))
	for i, c := range count {
		phat[i] = float64(c)
		if c == 0 {
			phat[i] = regularized
		}
		n += phat[i]
	}
	if n <= regularized*float64(len(count)) {
		return 0
	}
	for i := range phat {
		phat[i] /= n
	}
	var p0, p1 []float64
	if t.model() == Normalized {
		p0 = mleNormalized(x, phat, scale*t.Elo0/nEloScale)
		p1 = mleNormalized(x, phat, scale*t.Elo1/nEloScale)
	} else {
		p0 = mleMean(x, phat, ScoreFromElo(t.Elo0))
		p1 = mleMean(x, phat, ScoreFromElo(t.Elo1))
	}
	sum := 0.0
	for i := range phat {
		sum += phat[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return n * sum
}

// tilt is the distribution pᵢ = p̂ᵢ/(1+θ·φᵢ) whose θ solves
// Σ p̂ᵢ·φᵢ/(1+θ·φᵢ) = 0, so that Σ pᵢ·φᵢ = 0 and Σ pᵢ = 1: the
// distribution closest to p̂ under that constraint. φ must have values of
// both signs; the sum falls from +∞ to −∞ over the θ for which every
// 1+θ·φᵢ > 0, and is solved by bisection.
func tilt(phat, phi []float64) []float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, f := range phi {
		switch {
		case f > 0:
			lo = math.Max(lo, -1/f)
		case f < 0:
			hi = math.Min(hi, -1/f)
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return phat // no tilt meets the constraint: a target out of reach
	}
	g := func(theta float64) float64 {
		s := 0.0
		for i, f := range phi {
			s += phat[i] * f / (1 + theta*f)
		}
		return s
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := lo + (hi-lo)/2
	p := make([]float64, len(phat))
	for i, f := range phi {
		p[i] = phat[i] / (1 + theta*f)
	}
	return p
}

// mleMean is the distribution on x closest to p̂ with mean s (x₀ < s <
// x_last).
func mleMean(x, phat []float64, s float64) []float64 {
	phi := make([]float64, len(x))
	for i := range x {
		phi[i] = x[i] - s
	}
	return tilt(phat, phi)
}

// mleNormalized is the distribution on x closest to p̂ with
// (mean − ½)/σ = target, found by iterating tilts from the uniform
// distribution until it no longer changes.
func mleNormalized(x, phat []float64, target float64) []float64 {
	p := make([]float64, len(x))
	for i := range p {
		p[i] = 1 / float64(len(p))
	}
	phi := make([]float64, len(x))
	for range 1000 {
		mu, sq := 0.0, 0.0
		for i := range x {
			mu += p[i] * x[i]
			sq += p[i] * x[i] * x[i]
		}
		sigma := math.Sqrt(math.Max(sq-mu*mu, 1e-300))
		for i := range x {
			z := (x[i] - mu) / sigma
			phi[i] = x[i] - 0.5 - target/2*sigma*(1+z*z)
		}
		next := tilt(phat, phi)
		diff := 0.0
		for i := range p {
			diff = math.Max(diff, math.Abs(next[i]-p[i]))
		}
		p = next
		if diff < 1e-10 {
			break
		}
	}
	return p
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

// String is "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic".
func (t SPRT) String() string {
	return strings.ReplaceAll(t.spec(), ",", " ")
}

// spec is the test as ParseSPRT reads it, without spaces.
func (t SPRT) spec() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g,model=%s", t.Elo0, t.Elo1, t.Alpha, t.Beta, t.model())
}
