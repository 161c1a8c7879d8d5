// Tests of the in-memory book: building, lookup and the choice of moves.

package book

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
)

// smallBook is a book of the start position (three moves, one with weight
// 0 and one far below the best) and the position after its best move.
func smallBook(t testing.TB) *Book {
	t.Helper()
	start := engine.StartPosition()
	ms := start.LegalMoves()
	if len(ms) < 3 {
		t.Fatalf("start position has %d moves", len(ms))
	}
	next := start.Play(ms[0])
	reply := next.LegalMoves()
	b, err := New("test book", []Entry{
		{Position: next, Moves: []Move{{Move: reply[0], Weight: 1, Score: -5}, {Move: reply[1], Weight: 2, Score: -12}}},
		{Position: start, Moves: []Move{
			{Move: ms[0], Weight: 3, Score: 10},
			{Move: ms[1], Weight: 1, Score: 5},
			{Move: ms[2], Weight: 0, Score: 20},
			{Move: ms[3], Weight: 9, Score: -40},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestChooseWeightedWithinMargin(t *testing.T) {
	b := smallBook(t)
	start := engine.StartPosition()
	ms := start.LegalMoves()
	rng := rand.New(rand.NewPCG(1, 0))
	counts := map[engine.Move]int{}
	for range 4000 {
		m, ok := b.Choose(&start, rng)
		if !ok {
			t.Fatal("start position not found in book")
		}
		counts[m]++
	}
	if len(counts) != 2 || counts[ms[0]] == 0 || counts[ms[1]] == 0 {
		t.Fatalf("chose %v, want only %v and %v (weight 0 and out-of-margin moves never)", counts, ms[0], ms[1])
	}
	if r := float64(counts[ms[0]]) / 4000; r < 0.70 || r > 0.80 {
		t.Errorf("move with weight 3 of 4 chosen %.3f of the time, want about 0.75", r)
	}
	b.Margin = 0
	for range 100 {
		if m, _ := b.Choose(&start, rng); m != ms[0] {
			t.Fatalf("with margin 0 chose %v, want the best %v", m, ms[0])
		}
	}
}

func TestChooseSeedable(t *testing.T) {
	b := smallBook(t)
	start := engine.StartPosition()
	var a, c []engine.Move
	r1, r2 := rand.New(rand.NewPCG(7, 0)), rand.New(rand.NewPCG(7, 0))
	for range 50 {
		m1, _ := b.Choose(&start, r1)
		m2, _ := b.Choose(&start, r2)
		a, c = append(a, m1), append(c, m2)
	}
	for i := range a {
		if a[i] != c[i] {
			t.Fatalf("same seed gave different choices at %d: %v, %v", i, a[i], c[i])
		}
	}
}

func TestChooseOutsideBook(t *testing.T) {
	b := smallBook(t)
	p := engine.StartPosition()
	ms := p.LegalMoves()
	p = p.Play(ms[1])
	if m, ok := b.Choose(&p, nil); ok {
		t.Errorf("position outside the book gave %v", m)
	}
	var empty *Book
	if _, ok := empty.Choose(&p, nil); ok || empty.Len() != 0 {
		t.Error("nil book is not empty")
	}
}

func TestChooseSkipsIllegalMove(t *testing.T) {
	start := engine.StartPosition()
	ms := start.LegalMoves()
	// A move of the black side, illegal here, with the best score and weight.
	illegal := engine.Move{From: 50, To: 42}
	b := &Book{Margin: 1000, entries: []Entry{{Position: start, Moves: []Move{
		{Move: illegal, Weight: 100, Score: 500},
		{Move: ms[0], Weight: 1, Score: 0},
	}}}}
	for range 50 {
		m, ok := b.Choose(&start, nil)
		if !ok || m != ms[0] {
			t.Fatalf("chose %v, %v; want the only legal book move %v", m, ok, ms[0])
		}
	}
}

func TestNewRejects(t *testing.T) {
	start := engine.StartPosition()
	ms := start.LegalMoves()
	cases := map[string][]Entry{
		"no moves":       {{Position: start}},
		"illegal move":   {{Position: start, Moves: []Move{{Move: engine.Move{From: 50, To: 42}}}}},
		"repeated move":  {{Position: start, Moves: []Move{{Move: ms[0]}, {Move: ms[0]}}}},
		"repeated entry": {{Position: start, Moves: []Move{{Move: ms[0]}}}, {Position: start, Moves: []Move{{Move: ms[1]}}}},
	}
	for name, entries := range cases {
		if _, err := New("", entries); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestChooseAllocatesNothing(t *testing.T) {
	b := smallBook(t)
	start := engine.StartPosition()
	rng := rand.New(rand.NewPCG(1, 0))
	if n := testing.AllocsPerRun(100, func() { b.Choose(&start, rng) }); n != 0 {
		t.Errorf("Choose allocates %.1f times per call", n)
	}
}

func BenchmarkChoose(b *testing.B) {
	bk, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	start := engine.StartPosition()
	rng := rand.New(rand.NewPCG(1, 0))
	for b.Loop() {
		bk.Choose(&start, rng)
	}
}
