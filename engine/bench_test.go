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
