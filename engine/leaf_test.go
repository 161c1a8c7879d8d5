package engine

import (
	"math/rand/v2"
	"testing"
)

// checkLeafMasks compares p's LeafMasks with the move generator and with
// the slow reference of Threatened.
func checkLeafMasks(t *testing.T, p *Position) {
	t.Helper()
	m := p.LeafMasks()
	var l MoveList
	p.GenerateMoves(&l)
	capture := l.Len > 0 && l.Moves[0].IsCapture()
	if (m.Takes != 0) != capture || m.Takes != slowThreatened(p, p.SideToMove().Other()) {
		t.Fatalf("%v: takes %#x, but capture %v and the reference %#x", p, m.Takes, capture, slowThreatened(p, p.SideToMove().Other()))
	}
	if m.Threatened != slowThreatened(p, p.SideToMove()) {
		t.Fatalf("%v: threatened %#x, want %#x", p, m.Threatened, slowThreatened(p, p.SideToMove()))
	}
	// Steps are the final squares of the quiet moves to a neighbouring square.
	var steps Bitboard
	p.GenerateQuiet(&l)
	for _, mv := range l.Slice() {
		df, dr := mv.From.File()-mv.To.File(), mv.From.Rank()-mv.To.Rank()
		if df >= -1 && df <= 1 && dr >= -1 && dr <= 1 {
			steps |= 1 << mv.To
		}
	}
	if m.Steps != steps || (m.Steps != 0) != (l.Len > 0) || p.HasQuietMove() != (l.Len > 0) {
		t.Fatalf("%v: steps %#x, want %#x (%d quiet moves)", p, m.Steps, steps, l.Len)
	}
}

func TestLeafMasksInGames(t *testing.T) {
	randomGames(40, 200, func(p *Position, _ *Game) { checkLeafMasks(t, p) })
}

func TestLeafMasksRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		p := randomPosition(t, rng)
		checkLeafMasks(t, &p)
	}
}

func TestLeafMasksAllocatesNothing(t *testing.T) {
	p := StartPosition()
	var sink LeafMasks
	if n := testing.AllocsPerRun(100, func() { sink = p.LeafMasks() }); n != 0 {
		t.Errorf("LeafMasks allocates %v times", n)
	}
	_ = sink
}
