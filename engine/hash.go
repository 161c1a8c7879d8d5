// Zobrist hashing: fixed pseudo-random keys per (colour, kind, square), the
// same on every run and machine. The key's lowest bit is the side to move
// (piece keys have it clear), which keeps Position at 32 bytes.

package engine

const (
	man  = 0
	king = 1
)

// zobristPiece[colour][kind][square] is the key of a piece; bit 0 is clear.
var zobristPiece [2][2][64]uint64

// zobristSide flips the side to move, the key's lowest bit.
const zobristSide = 1

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
				zobristPiece[c][k][s] = next() &^ zobristSide
			}
		}
	}
}

// computeKey is the Zobrist key of p computed from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for c := White; c <= Black; c++ {
		for b := p.Men(c); b != 0; b &= b - 1 {
			k ^= zobristPiece[c][man][firstSquare(b)]
		}
		for b := p.Kings(c); b != 0; b &= b - 1 {
			k ^= zobristPiece[c][king][firstSquare(b)]
		}
	}
	return k | uint64(p.side())
}
