package levels

import (
	"math/rand/v2"
	"testing"
)

func TestAtLevelRange(t *testing.T) {
	for n := 0; n <= Full; n++ {
		s, err := AtLevel(n)
		if err != nil || s.Level() != n || s.Elo() != Ladder[n].Elo || s.IsFull() != (n == Full) {
			t.Errorf("AtLevel(%d) = %+v, %v", n, s, err)
		}
	}
	for _, n := range []int{-1, Full + 1} {
		if _, err := AtLevel(n); err == nil {
			t.Errorf("AtLevel(%d) took a level off the ladder", n)
		}
	}
}

func TestAtEloMapsToLevels(t *testing.T) {
	for n := 0; n <= Full; n++ {
		s, err := AtElo(Ladder[n].Elo)
		if err != nil || s.Level() != n || s.upper != 0 {
			t.Errorf("AtElo(%d) = %+v, %v; want level %d exactly", Ladder[n].Elo, s, err, n)
		}
	}
	lo, hi := Ladder[4].Elo, Ladder[5].Elo
	s, err := AtElo(lo + (hi-lo)/4)
	if err != nil || s.Level() != 4 || s.Elo() != lo+(hi-lo)/4 {
		t.Fatalf("AtElo a quarter above level 4 = %+v, %v", s, err)
	}
	if want := float64((hi-lo)/4) / float64(hi-lo); s.upper != want {
		t.Errorf("share at level 5 is %v, want %v", s.upper, want)
	}
	for _, e := range []int{MinElo() - 1, MaxElo() + 1} {
		if _, err := AtElo(e); err == nil {
			t.Errorf("AtElo(%d) took an Elo off the scale", e)
		}
	}
}

// Between two levels, moves are played at the upper one in the share that
// interpolates the Elo.
func TestPickInterpolates(t *testing.T) {
	lo, hi := Ladder[2].Elo, Ladder[3].Elo
	s, _ := AtElo(lo + 3*(hi-lo)/4)
	rng := rand.New(rand.NewPCG(1, 2))
	upper := 0
	const draws = 4000
	for range draws {
		switch s.pick(rng) {
		case 3:
			upper++
		case 2:
		default:
			t.Fatal("picked a level not beside the Elo")
		}
	}
	if share := float64(upper) / draws; share < 0.7 || share > 0.8 {
		t.Errorf("level 3 played %.3f of the moves, want about 0.75", share)
	}
}
