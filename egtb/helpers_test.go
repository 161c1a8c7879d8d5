// Test helpers: random positions of given material.

package egtb

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

// randomPosition places the pieces of s on random squares of their
// domains, with a random side to move.
func randomPosition(t testing.TB, rng *rand.Rand, s Signature) engine.Position {
	t.Helper()
	var g [numGroups]uint64
	var occupied uint64
	for i, n := range s.counts() {
		d := groupDomain[i]
		for range n {
			for {
				b := uint64(1) << (d.offset + rng.IntN(d.squares))
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

// randomSignature is a random signature of 2 to maxPieces pieces.
func randomSignature(rng *rand.Rand, maxPieces int) Signature {
	all := Signatures(maxPieces)
	return all[rng.IntN(len(all))]
}
