// Benchmark of the round trip of ping to pong while a search runs (the
// front-end's view of the engine's latency).

package protocol

import "testing"

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
