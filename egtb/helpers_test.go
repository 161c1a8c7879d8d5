// Test helpers: random positions of given material.

package egtb

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/egtb/internal/tbtest"
	"github.com/dameo/dameo/engine"
)

// randomPosition places the pieces of s on random squares of their
// domains, with a random side to move.
func randomPosition(t testing.TB, rng *rand.Rand, s Material) engine.Position {
	return tbtest.RandomPosition(t, rng, s.Counts())
}

// randomMaterial is a random material of 2 to maxPieces pieces.
func randomMaterial(rng *rand.Rand, maxPieces int) Material {
	all := Materials(maxPieces)
	return all[rng.IntN(len(all))]
}
