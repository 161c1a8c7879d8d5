// Tests of the terms: their counts and the hand-set evaluation on
// hand-made positions, the bound on the evaluation, and their names.

package eval

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

func TestTermsAndEvaluateHandMade(t *testing.T) {
	hand := mustEvaluator(HandWeights())
	for _, tc := range []struct {
		pos    string
		counts map[Term]int32 // the others are 0
		phase  int32
		score  int32 // with the hand-set weights
	}{
		// Symmetric: only the tempo counts.
		{engine.StartText, map[Term]int32{TermTempo: 1}, 36, 5},
		// A lone man about to crown: MG 100+12+30-3+6+5 = 150,
		// EG 100+45+60-1+9+5 = 218, (150×1 + 218×35) / 36 = 216.
		{"8/3w4/8/8/8/8/8/8 w", map[Term]int32{
			TermMan: 1, TermAdvance7: 1, TermPromotionThreat: 1, TermFlankImbalance: 1, TermManMobility: 3, TermTempo: 1,
		}, 1, 216},
		// The same for Black, mirrored.
		{"8/8/8/8/8/8/3b4/8 b", map[Term]int32{
			TermMan: 1, TermAdvance7: 1, TermPromotionThreat: 1, TermFlankImbalance: 1, TermManMobility: 3, TermTempo: 1,
		}, 1, 216},
		// Seen from the other side: (-140×1 - 208×35) / 36 = -206 (truncated).
		{"8/8/8/8/8/8/3b4/8 w", map[Term]int32{
			TermMan: -1, TermAdvance7: -1, TermPromotionThreat: -1, TermFlankImbalance: -1, TermManMobility: -3, TermTempo: 1,
		}, 1, -206},
		// A king in the corner, all endgame: 300 + 3 + 5.
		{"8/8/8/8/8/8/8/W7 w", map[Term]int32{TermKing: 1, TermKingMobility: 3, TermTempo: 1}, 0, 308},
		// Men face to face: all cancels but the side to move's man en prise.
		{"8/8/8/3b4/3w4/8/8/8 b", map[Term]int32{TermThreatened: 1, TermTempo: 1}, 2, -15},
		// Two white men side by side on their first rank against a king:
		// MG 200+16+4+12-301+5 = -64, EG 200-8+2+18-303+5 = -86,
		// (-64×2 - 86×34) / 36 = -84 (truncated).
		{"B7/8/8/8/8/8/8/3ww3 w", map[Term]int32{
			TermMan: 2, TermBackRank: 2, TermPhalanx: 1, TermManMobility: 6, TermKing: -1, TermKingMobility: -3, TermTempo: 1,
		}, 2, -84},
	} {
		p, err := engine.ParsePosition(tc.pos)
		if err != nil {
			t.Fatalf("%q: %v", tc.pos, err)
		}
		var counts [NumTerms]int32
		termCounts(&p, &counts)
		for term := range NumTerms {
			if counts[term] != tc.counts[term] {
				t.Errorf("%q: %v counts %d, want %d", tc.pos, term, counts[term], tc.counts[term])
			}
		}
		if ph := Phase(&p); ph != tc.phase {
			t.Errorf("%q: phase %d, want %d", tc.pos, ph, tc.phase)
		}
		if got := hand.Evaluate(&p); got != tc.score {
			t.Errorf("%q: evaluation %d, want %d", tc.pos, got, tc.score)
		}
	}
}

// TestEvaluationBounded: huge weights still give scores within ±Bound.
func TestEvaluationBounded(t *testing.T) {
	w := NewWeights()
	man := TermIndex(TermMan)
	w.MG[man], w.EG[man] = 32767, 32767
	p := engine.StartPosition()
	q, err := engine.ParsePosition("8/8/8/8/8/8/8/wwwwwww1 w")
	if err != nil {
		t.Fatal(err)
	}
	if s := mustEvaluator(w).Evaluate(&p); s != 0 {
		t.Errorf("start position: %d, want 0", s)
	}
	if s := mustEvaluator(w).Evaluate(&q); s != Bound {
		t.Errorf("seven men against none: %d, want %d", s, Bound)
	}
	w.MG[man], w.EG[man] = -32767, -32767
	if s := mustEvaluator(w).Evaluate(&q); s != -Bound {
		t.Errorf("seven men against none, negative weight: %d, want %d", s, -Bound)
	}
}

func TestTermNames(t *testing.T) {
	seen := map[string]bool{}
	for term := range NumTerms {
		name := term.String()
		if name == "" || seen[name] {
			t.Errorf("term %d: name %q empty or repeated", term, name)
		}
		seen[name] = true
	}
	if TermAdvance2.String() != "Advance2" || TermTempo.String() != "Tempo" || NumTerms.String() != "Term(?)" {
		t.Errorf("names %q %q %q", TermAdvance2, TermTempo, NumTerms)
	}
}
