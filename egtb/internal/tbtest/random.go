// Random positions of a given material, for the tests of the tables.

package tbtest

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// RandomPosition places the pieces of a material, given by its counts,
// on random squares of their domains, with a random side to move.
func RandomPosition(t testing.TB, rng *rand.Rand, counts [layout.NumGroups]int) engine.Position {
	t.Helper()
	var g [layout.NumGroups]uint64
	var occupied uint64
	for i, n := range counts {
		d := layout.GroupDomain[i]
		for range n {
			for {
				b := uint64(1) << (d.Offset + rng.IntN(d.Squares))
				if occupied&b == 0 {
					g[i] |= b
					occupied |= b
					break
				}
			}
		}
	}
	side := engine.Color(rng.IntN(2))
	p, err := engine.NewPosition(g[0]|g[1], g[2]|g[3], g[1]|g[3], side)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
