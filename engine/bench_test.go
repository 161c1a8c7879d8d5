package engine

import "testing"

func BenchmarkPerft5Bulk(b *testing.B) {
	p := StartPosition()
	for b.Loop() {
		Perft(&p, 5, true)
	}
}

func BenchmarkPerft4NoBulk(b *testing.B) {
	p := StartPosition()
	for b.Loop() {
		Perft(&p, 4, false)
	}
}

func BenchmarkPlay(b *testing.B) {
	p := StartPosition()
	moves := p.LegalMoves()
	var sink uint64
	for b.Loop() {
		for _, m := range moves {
			q := p.Play(m)
			sink ^= q.key
		}
	}
	if sink == 42 {
		b.Log(sink)
	}
}

func BenchmarkGenerate(b *testing.B) {
	p := StartPosition()
	var l MoveList
	for b.Loop() {
		p.GenerateMoves(&l)
	}
}

func BenchmarkPerft6Bulk(b *testing.B) {
	p := StartPosition()
	for b.Loop() {
		Perft(&p, 6, true)
	}
}
