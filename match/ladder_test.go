package match

import (
	"math"
	"strings"
	"testing"
)

// scored is A against B over games, scored as the Elo difference d
// predicts (wins and losses only, rounded).
func scored(a, b string, d float64, games int) PairingSummary {
	wins := int(math.Round(ScoreFromElo(d) * float64(games)))
	return PairingSummary{A: a, B: b, Score: Score{Wins: wins, Losses: games - wins}}
}

// The fit recovers the Elo that generated consistent results, anchored,
// ordered from the lowest, with every pairing fitted as measured.
func TestFitLadderRecoversElo(t *testing.T) {
	truth := map[string]float64{"L0": 0, "L1": 150, "L2": 330, "L3": 480}
	var pairs []PairingSummary
	for _, p := range [][2]string{{"L1", "L0"}, {"L2", "L1"}, {"L3", "L2"}, {"L2", "L0"}, {"L1", "L3"}} {
		pairs = append(pairs, scored(p[0], p[1], truth[p[0]]-truth[p[1]], 100000))
	}
	l, err := FitLadder(pairs, "L0")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Ratings) != 4 || l.Ratings[0].Name != "L0" || l.Ratings[0].Elo != 0 || l.Ratings[3].Name != "L3" {
		t.Fatalf("ratings %+v", l.Ratings)
	}
	for _, r := range l.Ratings {
		if math.Abs(r.Elo-truth[r.Name]) > 2 {
			t.Errorf("%s: fitted %.1f, true %.0f", r.Name, r.Elo, truth[r.Name])
		}
		if r.Name != "L0" && (r.Error <= 0 || r.Error > 10) {
			t.Errorf("%s: error %.2f over 100000-game pairings", r.Name, r.Error)
		}
	}
	for _, p := range l.Pairs {
		if math.Abs(p.Fitted-p.Measured) > 2 {
			t.Errorf("%s vs %s: fitted %.1f, measured %.1f", p.A, p.B, p.Fitted, p.Measured)
		}
	}
	if l.Ratings[2].Games != 300000 {
		t.Errorf("L2 played %d games, want 300000", l.Ratings[2].Games)
	}
}

// Inconsistent results are averaged by their precision: a long match
// weighs more than a short one.
func TestFitLadderWeighs(t *testing.T) {
	pairs := []PairingSummary{scored("B", "A", 100, 10000), scored("B", "A", 300, 100)}
	l, err := FitLadder(pairs, "A")
	if err != nil {
		t.Fatal(err)
	}
	if b := l.Ratings[1].Elo; b < 100 || b > 110 {
		t.Errorf("B fitted at %.1f, want near the long match's 100", b)
	}
}

// A sweep gives a finite Elo, marked, and beyond the other pairing's.
func TestFitLadderSweep(t *testing.T) {
	pairs := []PairingSummary{{A: "L1", B: "L0", Score: Score{Wins: 200}}}
	l, err := FitLadder(pairs, "L0")
	if err != nil {
		t.Fatal(err)
	}
	if e := l.Ratings[1].Elo; math.IsInf(e, 0) || math.IsNaN(e) || e < 500 || !l.Pairs[0].Padded {
		t.Errorf("a 200-0 sweep fitted at %v, pair %+v", e, l.Pairs[0])
	}
	var b strings.Builder
	l.Write(&b)
	if !strings.Contains(b.String(), "padded") {
		t.Errorf("the report does not say the sweep was padded:\n%s", b.String())
	}
}

func TestFitLadderErrors(t *testing.T) {
	for name, tt := range map[string]struct {
		pairs []PairingSummary
		want  string
	}{
		"no anchor":   {[]PairingSummary{scored("A", "B", 10, 100)}, "anchor X played no games"},
		"apart":       {[]PairingSummary{scored("A", "X", 10, 100), scored("B", "C", 10, 100)}, "no games link B, C to the anchor X"},
		"no games":    {[]PairingSummary{{A: "A", B: "X"}}, "anchor X played no games"},
		"with itself": {[]PairingSummary{scored("X", "X", 0, 100)}, "with itself"},
	} {
		if _, err := FitLadder(tt.pairs, "X"); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", name, err, tt.want)
		}
	}
}
