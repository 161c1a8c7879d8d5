package search

import "testing"

func TestTTPackRoundTrip(t *testing.T) {
	for _, d := range []ttData{
		{score: -Win + 3, eval: noEval, depth: 0, bound: boundUpper, gen: 63},
		{score: Win - 17, eval: -1234, depth: MaxDepth, bound: boundExact, gen: 5, hasMove: true, index: ttMaxIndex},
		{score: 0, eval: 32767, depth: 127, bound: boundLower, hasMove: true, index: 0},
	} {
		if got := unpack(d.pack()); got != d {
			t.Errorf("unpack(pack(%+v)) = %+v", d, got)
		}
	}
	if w := (ttData{hasMove: true, index: ttMaxIndex + 1, bound: boundExact}).pack(); unpack(w).hasMove {
		t.Error("an index beyond ttMaxIndex was stored")
	}
}

// fillBucket stores n entries of distinct keys of depth 10 into the one
// bucket of a one-bucket table; the keys are 1..n.
func fillBucket(tt *table, n int) {
	for k := 1; k <= n; k++ {
		tt.store(uint64(k), ttData{score: Score(k), eval: noEval, depth: 10, bound: boundExact})
	}
}

func TestTTKeepsDeeperEntries(t *testing.T) {
	tt := &table{buckets: make([]ttBucket, 1)}
	fillBucket(tt, alwaysReplace)
	// Shallower entries of the same search go to the always-replace slot
	// and replace each other there; the deep ones stay.
	for k := uint64(100); k < 110; k++ {
		tt.store(k, ttData{score: 1, eval: noEval, depth: 2, bound: boundUpper})
		if _, ok := tt.probe(k); !ok {
			t.Fatalf("key %d: not found right after its store", k)
		}
		if _, ok := tt.probe(k - 1); ok && k > 100 {
			t.Fatalf("key %d: the always-replace slot kept the previous entry", k-1)
		}
	}
	for k := uint64(1); k <= alwaysReplace; k++ {
		if e, ok := tt.probe(k); !ok || e.depth != 10 || e.score != Score(k) {
			t.Fatalf("deep entry %d: %+v, %v after shallower stores", k, e, ok)
		}
	}
	// A deeper entry replaces the shallowest depth-preferred one.
	tt.store(200, ttData{eval: noEval, depth: 11, bound: boundLower})
	if _, ok := tt.probe(200); !ok {
		t.Fatal("a deeper entry was not stored")
	}
	// In the next search the old entries give way to shallow new ones.
	tt.gen++
	for k := uint64(300); k < 300+alwaysReplace; k++ {
		tt.store(k, ttData{eval: noEval, depth: 1, bound: boundUpper})
	}
	for k := uint64(300); k < 300+alwaysReplace; k++ {
		if _, ok := tt.probe(k); !ok {
			t.Errorf("new-search entry %d did not replace an old one", k)
		}
	}
}

func TestTTSameKeyKeepsMoveAndEval(t *testing.T) {
	tt := &table{buckets: make([]ttBucket, 1)}
	tt.store(7, ttData{score: 5, eval: 42, depth: 3, bound: boundLower, hasMove: true, index: 9})
	tt.store(7, ttData{score: -5, eval: noEval, depth: 4, bound: boundUpper})
	e, ok := tt.probe(7)
	if !ok || e.score != -5 || e.depth != 4 || !e.hasMove || e.index != 9 || e.eval != 42 {
		t.Fatalf("after a second store of the same key: %+v, %v; want the new score with the old move and evaluation", e, ok)
	}
	n := 0
	for i := range tt.buckets[0] {
		if w := tt.buckets[0][i].data.Load(); w != 0 && tt.buckets[0][i].check.Load()^w == 7 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("key 7 held by %d entries, want 1", n)
	}
}

func TestTTTornEntryIsMissed(t *testing.T) {
	tt := &table{buckets: make([]ttBucket, 1)}
	tt.store(7, ttData{score: 5, eval: 1, depth: 3, bound: boundExact})
	for i := range tt.buckets[0] {
		e := &tt.buckets[0][i]
		if w := e.data.Load(); w != 0 {
			e.data.Store(w ^ 1<<20) // another thread's half-written data
		}
	}
	if e, ok := tt.probe(7); ok {
		t.Fatalf("a torn entry was found: %+v", e)
	}
}

func TestTTAllocatesNothing(t *testing.T) {
	tt := newTable(1)
	if n := testing.AllocsPerRun(100, func() {
		tt.store(12345, ttData{score: 1, eval: 2, depth: 3, bound: boundExact})
		tt.probe(12345)
	}); n != 0 {
		t.Errorf("store and probe allocate %v times", n)
	}
}
