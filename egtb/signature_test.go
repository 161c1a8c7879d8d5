// Tests of signatures: parsing and the order of generation.

package egtb

import (
	"github.com/dameo/dameo/egtb/internal/layout"
	"slices"
	"testing"
)

func TestParseSignature(t *testing.T) {
	for _, s := range Signatures(4) {
		got, err := ParseSignature(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSignature(%q) = %v, %v", s.String(), got, err)
		}
	}
	for _, bad := range []string{"", "010", "01010", "0100", "0001", "01a1", "0181", "01-1"} {
		if s, err := ParseSignature(bad); err == nil {
			t.Errorf("ParseSignature(%q) = %v, want an error", bad, s)
		}
	}
}

// TestSignatureOrder: each signature comes after every signature a capture
// or promotion leads into, and next to its swap.
func TestSignatureOrder(t *testing.T) {
	all := Signatures(4)
	pos := map[Signature]int{}
	for i, s := range all {
		if _, dup := pos[s]; dup {
			t.Fatalf("%v listed twice", s)
		}
		pos[s] = i
	}
	for i, s := range all {
		j, ok := pos[s.Swap()]
		if !ok || (j != i+1 && j != i-1 && j != i) {
			t.Errorf("%v at %d, its swap at %d", s, i, j)
		}
		// Captures remove a piece of either colour; promotions crown a man.
		var after []Signature
		c := s.Counts()
		for g := range layout.NumGroups {
			if c[g] > 0 {
				d := c
				d[g]--
				after = append(after, Signature{d[0], d[1], d[2], d[3]})
			}
		}
		if s.WhiteMen > 0 {
			after = append(after, Signature{s.WhiteMen - 1, s.WhiteKings + 1, s.BlackMen, s.BlackKings})
		}
		if s.BlackMen > 0 {
			after = append(after, Signature{s.WhiteMen, s.WhiteKings, s.BlackMen - 1, s.BlackKings + 1})
		}
		for _, a := range after {
			for _, b := range []Signature{a, a.Swap()} {
				if k, ok := pos[b]; b.valid() && (!ok || k >= min(i, pos[s.Swap()])) {
					t.Errorf("%v (at %d) can lead into %v (at %d)", s, i, b, k)
				}
			}
		}
	}
	if got := slices.Index(all, Signature{0, 1, 0, 1}); got != 0 {
		t.Errorf("0101 at %d, want first", got)
	}
}
