// Benchmarks of the explorer's limits: 100,000 games (random legal games
// of 60 to 140 plies, with a match's tags and move comments) indexed from
// PDN in memory, and positions looked up in that index.

package explorer

import (
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// games100k is the benchmarks' PDN text, made once.
var games100k = sync.OnceValue(func() string { return randomPDN(100_000, 60, 140, 1) })

// BenchmarkIndex100k reports, besides time and allocations, the index's
// entries, the memory it holds (index-MB), and, the PDN text's bytes left
// out, the heap in use after the build (heap-inuse-MB) and the heap the
// program got from the system (heap-sys-MB, near the peak).
func BenchmarkIndex100k(b *testing.B) {
	text := games100k()
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	var x *Index
	for range b.N {
		x, _ = New(Filter{})
		st, err := x.Read(strings.NewReader(text))
		if err != nil || st.Games != 100_000 {
			b.Fatalf("%+v, %v", st, err)
		}
	}
	b.StopTimer()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(x.Len()), "entries")
	b.ReportMetric(float64(x.bytes())/1e6, "index-MB")
	b.ReportMetric(float64(ms.HeapInuse-uint64(len(text)))/1e6, "heap-inuse-MB")
	b.ReportMetric(float64(ms.HeapSys-uint64(len(text)))/1e6, "heap-sys-MB")
	runtime.KeepAlive(x)
}

// BenchmarkLookup100k looks up positions of the games: the start, and a
// random ply of every hundredth game.
func BenchmarkLookup100k(b *testing.B) {
	text := games100k()
	x, _ := New(Filter{})
	if _, err := x.Read(strings.NewReader(text)); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 3))
	positions := []engine.Position{engine.StartPosition()}
	r := pdn.NewReader(strings.NewReader(text))
	for i := 0; ; i++ {
		g, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		if i%100 != 0 {
			continue
		}
		line := g.MoveTexts()[:rng.IntN(len(g.Moves)+1)]
		played, err := engine.PlayLine(engine.StartPosition(), strings.Join(line, " "))
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, played.Position())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		p := positions[i%len(positions)]
		if e := x.Lookup(&p); e.Games == 0 {
			b.Fatalf("no game in a position of a game: %v", p)
		}
	}
}
