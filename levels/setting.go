// A Setting: where on the ladder a Player plays, set by a level or by an
// Elo; an Elo between two levels plays each move at one of them, the upper
// one with the share that interpolates the Elo.

package levels

import (
	"fmt"
	"math/rand/v2"
)

// Setting is a level, or an Elo between two neighbouring levels.
type Setting struct {
	level int     // the level at or below the Elo
	elo   int     // the Elo asked for, or the level's
	upper float64 // the share of moves played at level+1, below 1
}

// FullStrength is the setting of the full engine, level Full.
func FullStrength() Setting { return Setting{level: Full, elo: Ladder[Full].Elo} }

// MinElo and MaxElo are the ends of the ladder's scale, the Elo of level 0
// and of level Full.
func MinElo() int { return Ladder[0].Elo }

// MaxElo is the Elo of level Full.
func MaxElo() int { return Ladder[Full].Elo }

// AtLevel is the setting of level n, 0 to Full.
func AtLevel(n int) (Setting, error) {
	if n < 0 || n > Full {
		return Setting{}, fmt.Errorf("level %d is not in 0 to %d", n, Full)
	}
	return Setting{level: n, elo: Ladder[n].Elo}, nil
}

// AtElo is the setting of elo, MinElo to MaxElo: the level at or below it,
// and between two levels the share of moves played at the upper one that
// interpolates elo linearly.
func AtElo(elo int) (Setting, error) {
	if elo < MinElo() || elo > MaxElo() {
		return Setting{}, fmt.Errorf("elo %d is not in %d to %d", elo, MinElo(), MaxElo())
	}
	n := 0
	for n < Full && Ladder[n+1].Elo <= elo {
		n++
	}
	s := Setting{level: n, elo: elo}
	if n < Full {
		lo, hi := Ladder[n].Elo, Ladder[n+1].Elo
		s.upper = float64(elo-lo) / float64(hi-lo)
	}
	return s, nil
}

// Level is the level of the setting, the one at or below its Elo.
func (s Setting) Level() int { return s.level }

// Elo is the Elo of the setting.
func (s Setting) Elo() int { return s.elo }

// IsFull reports whether the setting is the full engine.
func (s Setting) IsFull() bool { return s.level == Full }

// pick is the level of one move: the setting's level, or the one above it
// for the share of moves the Elo asks for.
func (s Setting) pick(rng *rand.Rand) int {
	if s.upper > 0 && rng.Float64() < s.upper {
		return s.level + 1
	}
	return s.level
}
