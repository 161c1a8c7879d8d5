// Tests of materials: parsing and the order of generation.

package egtb

import (
	"github.com/dameo/dameo/egtb/internal/layout"
	"slices"
	"testing"
)

func TestParseMaterial(t *testing.T) {
	for _, s := range Materials(4) {
		got, err := ParseMaterial(s.String())
		if err != nil || got != s {
			t.Errorf("ParseMaterial(%q) = %v, %v", s.String(), got, err)
		}
	}
	for _, bad := range []string{"", "010", "01010", "0100", "0001", "01a1", "0181", "01-1"} {
		if s, err := ParseMaterial(bad); err == nil {
			t.Errorf("ParseMaterial(%q) = %v, want an error", bad, s)
		}
	}
}

// TestMaterialOrder: each material comes after every material a capture
// or promotion leads into, and next to its swap.
func TestMaterialOrder(t *testing.T) {
	all := Materials(4)
	pos := map[Material]int{}
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
		var after []Material
		c := s.Counts()
		for g := range layout.NumGroups {
			if c[g] > 0 {
				d := c
				d[g]--
				after = append(after, Material{d[0], d[1], d[2], d[3]})
			}
		}
		if s.WhiteMen > 0 {
			after = append(after, Material{s.WhiteMen - 1, s.WhiteKings + 1, s.BlackMen, s.BlackKings})
		}
		if s.BlackMen > 0 {
			after = append(after, Material{s.WhiteMen, s.WhiteKings, s.BlackMen - 1, s.BlackKings + 1})
		}
		for _, a := range after {
			for _, b := range []Material{a, a.Swap()} {
				if k, ok := pos[b]; b.valid() && (!ok || k >= min(i, pos[s.Swap()])) {
					t.Errorf("%v (at %d) can lead into %v (at %d)", s, i, b, k)
				}
			}
		}
	}
	if got := slices.Index(all, Material{0, 1, 0, 1}); got != 0 {
		t.Errorf("0101 at %d, want first", got)
	}
}
