package levels

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// Candidates beyond the largest loss are never chosen, the best is chosen
// most often, and a worse one within the loss sometimes.
func TestChooseWeighsLosses(t *testing.T) {
	lv := &Level{Temperature: 50, MaxLoss: 100}
	cands := []candidate{{score: 30}, {score: 0}, {score: -80}, {score: -search.Win + 5}}
	rng := rand.New(rand.NewPCG(3, 4))
	counts := make([]int, len(cands))
	for range 3000 {
		counts[choose(cands, lv, rng)]++
	}
	if counts[2] != 0 || counts[3] != 0 {
		t.Errorf("chose candidates losing more than %d: %v", lv.MaxLoss, counts)
	}
	if counts[0] <= counts[1] || counts[1] == 0 {
		t.Errorf("counts %v: want the best most often and the second sometimes", counts)
	}
}

// A missed forced win counts as a capped loss: a level that accepts large
// losses may still miss it; one that does not never does.
func TestChooseCapsWinScores(t *testing.T) {
	cands := []candidate{{move: engine.Move{From: 1}, score: search.Win - 3}, {score: 0}}
	rng := rand.New(rand.NewPCG(5, 6))
	strict := &Level{Temperature: 10, MaxLoss: 50}
	for range 200 {
		if choose(cands, strict, rng) != 0 {
			t.Fatal("a level accepting losses of 50 missed a forced win")
		}
	}
	loose := &Level{Temperature: 2 * winCap, MaxLoss: 2 * winCap}
	missed := 0
	for range 200 {
		if choose(cands, loose, rng) == 1 {
			missed++
		}
	}
	if missed == 0 {
		t.Error("a level accepting any loss never missed the win")
	}
}
