// Benchmarks: parsing and writing lines, and the round trip of ping to pong
// while a search runs (the front-end's view of the engine's latency).
package protocol

import "testing"

func BenchmarkParseLine(b *testing.B) {
	const line = `pos pos=Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww moves="c3-c4 f6-f5 d3-d4 g7-f6"`
	for b.Loop() {
		if _, err := ParseLine(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLineString(b *testing.B) {
	l := newLine("info", "depth", "12", "seldepth", "20", "score", "0.35", "nodes", "123456789", "time", "1.234", "nps", "1.00", "pv", "c3-c4 f6-f5 d3-d4 g7-f6")
	for b.Loop() {
		_ = l.String()
	}
}

// BenchmarkPingDuringSearch is the time from sending ping to reading pong
// in-process while an infinite (fake) search runs.
func BenchmarkPingDuringSearch(b *testing.B) {
	h := start(b, nil)
	h.send("go analyze")
	h.expectPrefix("info ")
	for b.Loop() {
		h.send("ping")
		h.expect("pong")
	}
	h.send("quit")
	h.ended()
}
