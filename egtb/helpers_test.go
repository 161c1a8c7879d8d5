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
func randomPosition(t testing.TB, rng *rand.Rand, s Signature) engine.Position {
	return tbtest.RandomPosition(t, rng, s.Counts())
}

// randomSignature is a random signature of 2 to maxPieces pieces.
func randomSignature(rng *rand.Rand, maxPieces int) Signature {
	all := Signatures(maxPieces)
	return all[rng.IntN(len(all))]
}
