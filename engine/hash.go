// Zobrist hashing: fixed pseudo-random keys per (colour, kind, square) and
// for the side to move, so keys are the same on every run and machine.
package engine

const (
	man  = 0
	king = 1
)

var (
	zobristPiece [2][2][64]uint64
	zobristSide  uint64
)

func init() {
	state := uint64(0x9E3779B97F4A7C15) // fixed seed: keys must be reproducible
	next := func() uint64 {             // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := range zobristPiece {
		for k := range zobristPiece[c] {
			for s := range zobristPiece[c][k] {
				zobristPiece[c][k][s] = next()
			}
		}
	}
	zobristSide = next()
}

// computeKey is the Zobrist key of p computed from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for c := White; c <= Black; c++ {
		for b := p.pieces[c] &^ p.kings; b != 0; b &= b - 1 {
			k ^= zobristPiece[c][man][firstSquare(b)]
		}
		for b := p.pieces[c] & p.kings; b != 0; b &= b - 1 {
			k ^= zobristPiece[c][king][firstSquare(b)]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}
