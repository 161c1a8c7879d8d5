// Benchmarks of reading and writing typical lines: a position with moves
// from the front-end and a search report from the engine.

package hub

import "testing"

func BenchmarkParse(b *testing.B) {
	const line = `pos pos=Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww moves="c3-c4 f6-f5 d3-d4 g7-f6"`
	for b.Loop() {
		if _, err := Parse(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormat(b *testing.B) {
	l := NewLine("info").Set("depth", "12").Set("seldepth", "20").Set("score", "0.35").Set("nodes", "123456789").
		Set("time", "1.234").Set("nps", "1.00").Set("pv", "c3-c4 f6-f5 d3-d4 g7-f6")
	for b.Loop() {
		if _, err := l.Format(); err != nil {
			b.Fatal(err)
		}
	}
}
