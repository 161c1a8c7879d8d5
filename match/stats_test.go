// Tests of the statistics against values worked out by hand (each case
// shows its arithmetic).

package match

import (
	"math"
	"strings"
	"testing"
)

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f", name, got, want)
	}
}

func TestEloFromScore(t *testing.T) {
	// s = 0.75: 1/s − 1 = 1/3, −400·log10(1/3) = 400·0.4771213 = 190.8485.
	near(t, "Elo(0.75)", EloFromScore(0.75), 190.8485, 1e-4)
	near(t, "Elo(0.5)", EloFromScore(0.5), 0, 1e-12)
	near(t, "Elo(0.25)", EloFromScore(0.25), -190.8485, 1e-4)
	// 10^(−190.8485/400) = 1/3, 1/(1 + 1/3) = 0.75.
	near(t, "Score(190.8485)", ScoreFromElo(190.8485), 0.75, 1e-7)
	if !math.IsInf(EloFromScore(1), 1) || !math.IsInf(EloFromScore(0), -1) {
		t.Error("Elo of 100% or 0% is not infinite")
	}
}

func TestTrinomial(t *testing.T) {
	// W=60 D=20 L=20, N=100.
	// score s = (60 + 10)/100 = 0.7; Elo = −400·log10(1/0.7 − 1)
	//   = −400·log10(0.4285714) = 400·0.3679768 = 147.1907.
	// variance per game = 0.6·(1−0.7)² + 0.2·(0.5−0.7)² + 0.2·(0−0.7)²
	//   = 0.054 + 0.008 + 0.098 = 0.16; standard error √(0.16/100) = 0.04;
	// 95%: 1.959964·0.04 = 0.0783986, s in [0.6216014, 0.7783986];
	// Elo(0.6216014) = −400·log10(0.6087481) = 86.2250,
	// Elo(0.7783986) = −400·log10(0.2846904) = 218.2518,
	// error = (218.2518 − 86.2250)/2 = 66.0134.
	s := Score{Wins: 60, Draws: 20, Losses: 20}
	e := s.Elo()
	near(t, "score", s.Ratio(), 0.7, 1e-12)
	near(t, "elo", e.Elo, 147.1907, 1e-3)
	near(t, "low", e.Low, 86.2250, 1e-3)
	near(t, "high", e.High, 218.2518, 1e-3)
	near(t, "error", e.Error(), 66.0134, 1e-3)
	near(t, "draw ratio", s.DrawRatio(), 0.2, 1e-12)
	// LOS = ½(1 + erf((60−20)/√(2·80))) = ½(1 + erf(3.1623)) = 0.9999961.
	near(t, "LOS", s.LOS(), 0.9999961, 1e-7)
	// W=30 D=40 L=20: (30−20)/√(2·50) = 1, ½(1 + erf(1)) = ½(1 + 0.8427008) = 0.9213504.
	near(t, "LOS 30/40/20", Score{30, 40, 20}.LOS(), 0.9213504, 1e-7)
	near(t, "LOS no decisive games", Score{0, 7, 0}.LOS(), 0.5, 0)
	if r := s.Reversed(); r.Wins != 20 || r.Losses != 60 || r.Draws != 20 {
		t.Errorf("Reversed = %+v", r)
	}
	if e := (Score{}).Elo(); !math.IsInf(e.Error(), 1) {
		t.Errorf("no games: error %v, want +Inf", e.Error())
	}
}

func TestPentanomial(t *testing.T) {
	// Pairs [LL=2, LD=10, WL+DD=40, WD=30, WW=18], 100 pairs, pair scores
	// 0, ¼, ½, ¾, 1.
	// mean = (0 + 10·0.25 + 40·0.5 + 30·0.75 + 18·1)/100 = (2.5+20+22.5+18)/100 = 0.63.
	// E[x²] = (10·0.0625 + 40·0.25 + 30·0.5625 + 18·1)/100 = 45.5/100 = 0.455;
	// variance = 0.455 − 0.63² = 0.455 − 0.3969 = 0.0581.
	// Elo = −400·log10(1/0.63 − 1) = −400·log10(0.5873016) = 92.4555.
	// 95%: 1.959964·√(0.0581/100) = 1.959964·0.0241039 = 0.0472429,
	// mean in [0.5827571, 0.6772429]: Elo 58.0395 and 128.7474.
	p := Pentanomial{2, 10, 40, 30, 18}
	e := p.Elo()
	near(t, "ratio", p.Ratio(), 0.63, 1e-12)
	near(t, "elo", e.Elo, 92.4555, 1e-3)
	near(t, "low", e.Low, 58.0395, 1e-3)
	near(t, "high", e.High, 128.7474, 1e-3)
	if p.Pairs() != 100 {
		t.Errorf("Pairs = %d", p.Pairs())
	}
	var q Pentanomial
	q.AddPair(Win, Loss)
	q.AddPair(Draw, Draw)
	q.AddPair(Win, Draw)
	q.AddPair(Loss, Loss)
	if q != (Pentanomial{1, 0, 2, 1, 0}) {
		t.Errorf("AddPair counts %v", q)
	}
}

func TestSPRT(t *testing.T) {
	sp, err := ParseSPRT("elo0=0,elo1=5,alpha=0.05,beta=0.05")
	if err != nil {
		t.Fatal(err)
	}
	// Bounds: log(0.05/0.95) = −2.944439, log(0.95/0.05) = 2.944439.
	lo, hi := sp.Bounds()
	near(t, "lower", lo, -2.944439, 1e-6)
	near(t, "upper", hi, 2.944439, 1e-6)
	// The LLRs of the maximum likelihood distributions, as computed by an
	// independent implementation of the same method (Van den Bergh):
	near(t, "LLR penta", sp.LLRPentanomial(Pentanomial{2, 10, 40, 30, 18}), 1.177079, 1e-5)
	near(t, "LLR tri", sp.LLRTrinomial(Score{60, 20, 20}), 0.707247, 1e-5)
	if d := sp.Decide(1.5); d != Continue {
		t.Errorf("Decide(1.5) = %v", d)
	}
	if d := sp.Decide(3); d != AcceptH1 {
		t.Errorf("Decide(3) = %v", d)
	}
	if d := sp.Decide(-3); d != AcceptH0 {
		t.Errorf("Decide(-3) = %v", d)
	}
	// A clearly stronger engine passes: 300 pairs of (WW 40%, WD 30%, DD 30%).
	if d := sp.Decide(sp.LLRPentanomial(Pentanomial{0, 0, 90, 90, 120})); d != AcceptH1 {
		t.Errorf("strong engine: %v", d)
	}
	// Near the hypotheses the exact LLR agrees with the classical
	// approximation (s1−s0)·(2m−s0−s1)/(2v/n): 1000 pairs of mean 0.5,
	// variance 0.05: 0.0071951·(1 − 1.0071951)/(2·0.05/1000) = −0.517680.
	near(t, "LLR near H0", sp.LLRPentanomial(Pentanomial{40, 240, 440, 240, 40}), -0.517680, 0.003)
	// Outcomes never observed count 1e-3 (as fastchess): all draws is
	// evidence for elo0 = 0, all WW for the stronger elo1.
	near(t, "LLR all draws", sp.LLRTrinomial(Score{0, 50, 0}), -0.717864, 1e-5)
	near(t, "LLR all WW", sp.LLRPentanomial(Pentanomial{0, 0, 0, 0, 10}), 0.142904, 1e-5)
	if l := sp.LLRTrinomial(Score{}); l != 0 {
		t.Errorf("no games: LLR %v", l)
	}
	for _, bad := range []string{"", "elo0=0", "elo0=5,elo1=0", "elo0=0,elo1=5,alpha=0.7", "elo0=x,elo1=5", "elo0=0,elo1=5,gamma=1", "elo0"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
	if sp2, err := ParseSPRT("elo0=-1.5 elo1=3.5"); err != nil || sp2.Alpha != 0.05 || sp2.Elo0 != -1.5 || sp2.Model != Logistic {
		t.Errorf("ParseSPRT with defaults: %+v %v", sp2, err)
	}
	for _, bad := range []string{"elo0=0,elo1=5,model=bayes", "elo0=0,elo1=5,elo1=6", "elo0=0,elo1=5000"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
	if s := sp.String(); s != "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic" {
		t.Errorf("String %q", s)
	}
}

func TestSPRTNormalized(t *testing.T) {
	sp, err := ParseSPRT("elo0=0 elo1=5 model=normalized")
	if err != nil {
		t.Fatal(err)
	}
	// From an independent implementation of the normalized model.
	near(t, "nLLR penta", sp.LLRPentanomial(Pentanomial{2, 10, 40, 30, 18}), 0.927559, 1e-4)
	near(t, "nLLR tri", sp.LLRTrinomial(Score{60, 20, 20}), 0.633348, 1e-4)
	// In normalized Elo the draw ratio does not matter: the same t =
	// (mean − ½)/σ gives about the same LLR per game with many or few draws.
	few := sp.LLRTrinomial(Score{Wins: 520, Draws: 0, Losses: 480})   // mean .52, σ .4996
	many := sp.LLRTrinomial(Score{Wins: 212, Draws: 776, Losses: 12}) // mean .6, σ≈.2 (t ≈ .49)
	if few >= many {
		t.Errorf("LLR with t=0.04 (%v) should be below that with t≈0.49 (%v)", few, many)
	}
	if l := sp.LLRPentanomial(Pentanomial{}); l != 0 {
		t.Errorf("no pairs: LLR %v", l)
	}
}

func TestZeroVarianceEstimate(t *testing.T) {
	e := Score{Draws: 20}.Elo()
	if !e.NoVariance || e.Elo != 0 || !strings.Contains(e.String(), "no variance") || strings.Contains(e.String(), "+/-") {
		t.Errorf("all draws: %+v %q", e, e.String())
	}
	if e := (Pentanomial{0, 0, 7, 0, 0}).Elo(); !e.NoVariance {
		t.Errorf("all pairs even: %+v", e)
	}
	if e := (Score{Wins: 3, Losses: 1}).Elo(); e.NoVariance || !strings.Contains(e.String(), "+/-") {
		t.Errorf("varied results: %+v %q", e, e.String())
	}
}
