package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/racetest"
)

// randomPosition places a few random pieces of each colour (men never on
// their own far rank) with a random side to move.
func randomPosition(r *rand.Rand, white, black int) engine.Position {
	for {
		var w, b, k engine.Bitboard
		place := func(n int, set *engine.Bitboard, far engine.Bitboard) {
			for range n {
				s := engine.Bitboard(1) << r.IntN(64)
				if (w|b)&s != 0 {
					continue
				}
				*set |= s
				if s&far != 0 || r.IntN(3) == 0 {
					k |= s
				}
			}
		}
		place(white, &w, engine.CrowningMask(engine.White))
		place(black, &b, engine.CrowningMask(engine.Black))
		if w == 0 || b == 0 {
			continue
		}
		p, err := engine.NewPosition(w, b, k, engine.Color(r.IntN(2)))
		if err == nil {
			return p
		}
	}
}

// wins reports whether the side to move can force a win within d plies
// (plain minimax, the reference for the tactics test).
func wins(p engine.Position, d int) bool {
	if d < 1 {
		return false
	}
	for _, m := range p.LegalMoves() {
		if loses(p.Play(m), d-1) {
			return true
		}
	}
	return false
}

// loses reports whether the side to move loses within d plies whatever it does.
func loses(p engine.Position, d int) bool {
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return true
	}
	for _, m := range moves {
		if !wins(p.Play(m), d-1) {
			return false
		}
	}
	return true
}

func TestTacticsAgainstMinimax(t *testing.T) {
	racetest.Skip(t, "one search thread, as the quicker searches of this package")
	r := rand.New(rand.NewPCG(1, 2))
	s := New(Options{Threads: 1, HashMiB: 4})
	found := map[int]int{}
	for tries := 0; tries < 4000 && found[3]+found[5] < 24; tries++ {
		p := randomPosition(r, 1+r.IntN(3), 1+r.IntN(3))
		shortest := 0
		for _, d := range []int{1, 3, 5} {
			if wins(p, d) {
				shortest = d
				break
			}
		}
		if shortest == 0 || (shortest == 1 && found[1] >= 6) {
			continue
		}
		found[shortest]++
		var winning []engine.Move
		for _, m := range p.LegalMoves() {
			if loses(p.Play(m), shortest-1) {
				winning = append(winning, m)
			}
		}
		s.NewGame()
		res := s.Search(context.Background(), engine.NewGame(p), Limits{Depth: 8}, nil)
		if !slices.Contains(winning, res.Move) {
			t.Errorf("%v: played %s, the wins in %d plies are %v", p.String(), p.FormatMove(res.Move), shortest, winning)
		}
		if res.Score != Win-Score(shortest) {
			t.Errorf("%v: score %d, want %d (win in %d plies)", p.String(), res.Score, Win-Score(shortest), shortest)
		}
	}
	if found[3] < 8 || found[5] < 4 {
		t.Fatalf("too few test positions: %v", found)
	}
	t.Logf("positions by shortest win: %v", found)
}

func TestDeterministicNodes(t *testing.T) {
	g := engine.NewGame(engine.StartPosition())
	a := New(Options{Threads: 1, HashMiB: 2})
	r1 := a.Search(context.Background(), g, Limits{Depth: 6}, nil)
	a.NewGame()
	r2 := a.Search(context.Background(), g, Limits{Depth: 6}, nil)
	r3 := New(Options{Threads: 1, HashMiB: 2}).Search(context.Background(), g, Limits{Depth: 6}, nil)
	if r1 != r2 || r1 != r3 {
		t.Fatalf("same search gave different results: %+v, %+v, %+v", r1, r2, r3)
	}
	n1 := a.Search(context.Background(), g, Limits{Nodes: 5000}, nil).Nodes
	a.NewGame()
	n2 := a.Search(context.Background(), g, Limits{Nodes: 5000}, nil).Nodes
	if n1 != n2 {
		t.Fatalf("node-limited searches: %d and %d nodes", n1, n2)
	}
}

func TestNoLegalMove(t *testing.T) {
	p, err := engine.ParsePosition("8/8/8/8/8/8/8/7B w")
	if err != nil {
		t.Fatal(err)
	}
	res := New(Options{}).Search(context.Background(), engine.NewGame(p), Limits{Depth: 3}, nil)
	if res.HasMove || res.Score != -Win {
		t.Fatalf("got %+v, want no move and a lost score", res)
	}
}

// TestRepetitionIsDraw: White, far behind, can move back into the game's
// start position, which then occurs a second time: the engine takes the draw.
func TestRepetitionIsDraw(t *testing.T) {
	p, err := engine.ParsePosition("B6B/8/8/8/8/8/8/W6B b")
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(p)
	for _, m := range []string{"h1-h2", "a1-b1", "h2-h1"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	res := New(Options{}).Search(context.Background(), g, Limits{Depth: 6}, nil)
	q := g.Position()
	if got := q.FormatMove(res.Move); got != "b1-a1" || res.Score != 0 {
		t.Fatalf("played %s with score %d, want the repetition b1-a1 with score 0", got, res.Score)
	}
}

func TestMultiPV(t *testing.T) {
	g := engine.NewGame(engine.StartPosition())
	var infos []Info
	New(Options{}).Search(context.Background(), g, Limits{Depth: 5, MultiPV: 3, Analysis: true}, func(i Info) { infos = append(infos, i) })
	if len(infos) != 15 {
		t.Fatalf("%d info lines, want 3 per depth", len(infos))
	}
	for d := range 5 {
		lines := infos[3*d : 3*d+3]
		for k, i := range lines {
			if i.Depth != d+1 || i.MultiPV != k+1 || len(i.PV) == 0 {
				t.Fatalf("line %d of depth %d: %+v", k+1, d+1, i)
			}
		}
		if lines[0].PV[0] == lines[1].PV[0] || lines[1].PV[0] == lines[2].PV[0] || lines[0].PV[0] == lines[2].PV[0] {
			t.Fatalf("depth %d: lines share a first move", d+1)
		}
		if lines[0].Score < lines[1].Score || lines[1].Score < lines[2].Score {
			t.Fatalf("depth %d: scores not in order: %d %d %d", d+1, lines[0].Score, lines[1].Score, lines[2].Score)
		}
	}
}

// testPositions are positions from random playouts of the start position.
func testPositions(n int) []*engine.Game {
	r := rand.New(rand.NewPCG(7, 8))
	var games []*engine.Game
	for len(games) < n {
		g := engine.NewGame(engine.StartPosition())
		for ply := r.IntN(80); ply > 0; ply-- {
			p := g.Position()
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			g.Play(moves[r.IntN(len(moves))])
		}
		if g.Result() == engine.Ongoing {
			games = append(games, g)
		}
	}
	return games
}

// TestLegalUnderStress: a table of one bucket (every probe collides), four
// threads and cancellations at random moments; every move returned must be
// legal.
func TestLegalUnderStress(t *testing.T) {
	s := New(Options{Threads: 4, HashMiB: 1})
	s.tt = &table{buckets: make([]ttBucket, 1)}
	r := rand.New(rand.NewPCG(3, 4))
	n := 40
	if testing.Short() {
		n = 10
	}
	for _, g := range testPositions(n) {
		delay := time.Duration(r.IntN(20000)) * time.Microsecond
		ctx, cancel := context.WithCancel(context.Background())
		done := s.Start(ctx, g, Limits{Infinite: true}, nil)
		time.Sleep(delay)
		cancel()
		res := <-done
		p := g.Position()
		if !res.HasMove || !slices.Contains(p.LegalMoves(), res.Move) {
			t.Fatalf("%v: illegal move %+v", p.String(), res.Move)
		}
		if res.Ponder != engine.NoMove {
			q := p.Play(res.Move)
			if !slices.Contains(q.LegalMoves(), res.Ponder) {
				t.Fatalf("%v: illegal ponder move %+v", p.String(), res.Ponder)
			}
		}
	}
}

// preparedWorker is the main worker of a new one-thread Searcher, set up
// for a search of p at depth 1, for tests that call its search directly
// (at ply 0).
func preparedWorker(p engine.Position) *worker {
	s := New(Options{Threads: 1, HashMiB: 1})
	w := s.workers[0]
	var l engine.MoveList
	p.GenerateMoves(&l)
	w.prepare(s, &searchState{start: time.Now(), ponderHit: make(chan struct{})}, p, []uint64{p.Key()}, 0, &l, Limits{Depth: 1}, false, nil)
	return w
}

// waitResult fails the test if the search does not return; the deadline is
// a hang detector, far above any expected time even on a loaded machine
// under the race detector.
func waitResult(t *testing.T, done <-chan Result) Result {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(2 * time.Minute):
		t.Fatal("search did not return")
		return Result{}
	}
}

func TestCancel(t *testing.T) {
	s := New(Options{Threads: 2, HashMiB: 4})
	g := engine.NewGame(engine.StartPosition())
	for _, l := range []Limits{{Infinite: true}, {}, {Depth: 60}, {Ponder: true, Time: time.Hour}} {
		ctx, cancel := context.WithCancel(context.Background())
		done := s.Start(ctx, g, l, nil)
		cancel() // at once: the search may not be running yet
		if res := waitResult(t, done); !res.HasMove {
			t.Fatalf("%+v: no move after an immediate cancel", l)
		}
		ctx, cancel = context.WithCancel(context.Background())
		done = s.Start(ctx, g, l, nil)
		time.Sleep(20 * time.Millisecond)
		cancel()
		if res := waitResult(t, done); !res.HasMove {
			t.Fatalf("%+v: no move after cancel", l)
		}
	}
	// Cancelled before it starts: still a legal move.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := s.Search(ctx, g, Limits{Infinite: true}, nil); !res.HasMove {
		t.Fatal("no move from a search with a cancelled context")
	}
}

// TestManyThreadsThenNextSearch: the result of a search with many more
// threads than cores comes before its helpers have all stopped; the next
// search, a NewGame and SetOptions wait for them (the race detector checks
// that nothing is shared while they run).
func TestManyThreadsThenNextSearch(t *testing.T) {
	s := New(Options{Threads: 32, HashMiB: 4})
	g := engine.NewGame(engine.StartPosition())
	for range 3 {
		ctx, cancel := context.WithCancel(context.Background())
		done := s.Start(ctx, g, Limits{Infinite: true}, nil)
		time.Sleep(10 * time.Millisecond)
		cancel()
		if res := waitResult(t, done); !res.HasMove {
			t.Fatal("no move")
		}
		s.NewGame()
		if res := s.Search(context.Background(), g, Limits{Depth: 3}, nil); !res.HasMove || res.Depth != 3 {
			t.Fatalf("search after NewGame: %+v", res)
		}
	}
	s.SetOptions(Options{Threads: 1, HashMiB: 4})
	if res := s.Search(context.Background(), g, Limits{Depth: 2}, nil); !res.HasMove {
		t.Fatal("no move after SetOptions")
	}
}

// TestNewGameEmptiesTheTable: NewGame returns before the table is clear,
// but the next search and WaitIdle see it empty.
func TestNewGameEmptiesTheTable(t *testing.T) {
	s := New(Options{Threads: 1, HashMiB: 1})
	g := engine.NewGame(engine.StartPosition())
	s.Search(context.Background(), g, Limits{Depth: 6}, nil)
	s.WaitIdle()
	if s.tt.hashfull() == 0 {
		t.Fatal("the search left nothing in the table")
	}
	s.NewGame()
	s.WaitIdle()
	if n := s.tt.hashfull(); n != 0 {
		t.Fatalf("hashfull %d after NewGame", n)
	}
	for i := range s.tt.buckets {
		for j := range s.tt.buckets[i] {
			if s.tt.buckets[i][j].data.Load() != 0 {
				t.Fatal("an entry survived NewGame")
			}
		}
	}
}

// TestImmediateCancelSearchesDepth1: a search cancelled at once, even
// before it starts, still completes depth 1, so its move is a searched
// one: here not the first generated move, which loses a man at once.
func TestImmediateCancelSearchesDepth1(t *testing.T) {
	p, err := engine.ParsePosition("8/8/8/8/8/7b/1w6/7w w")
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(p)
	hangs, err := p.ParseMove("h1-h2") // h3xh1 follows
	if err != nil || p.LegalMoves()[0] != hangs {
		t.Fatalf("h1-h2 is not the first generated move here (%v): pick another position", err)
	}
	s := New(Options{Threads: 2, HashMiB: 1})
	for _, before := range []bool{true, false} {
		ctx, cancel := context.WithCancel(context.Background())
		if before {
			cancel()
		}
		done := s.Start(ctx, g, Limits{Infinite: true}, nil)
		cancel()
		res := waitResult(t, done)
		if res.Depth < 1 || res.Move == hangs {
			t.Errorf("cancelled before Start %v: move %v at depth %d, want a completed depth 1 that keeps the man", before, p.FormatMove(res.Move), res.Depth)
		}
	}
}

// TestCancelOneOfTwo: cancelling one search's context does not stop a
// search started after it, queued behind it.
func TestCancelOneOfTwo(t *testing.T) {
	s := New(Options{Threads: 1, HashMiB: 4})
	g := engine.NewGame(engine.StartPosition())
	ctx, cancel := context.WithCancel(context.Background())
	first := s.Start(ctx, g, Limits{Infinite: true}, nil)
	second := s.Start(context.Background(), g, Limits{Depth: 4}, nil)
	cancel()
	waitResult(t, first)
	if res := waitResult(t, second); res.Depth != 4 {
		t.Fatalf("second search reached depth %d, want 4: stopped by the first one's cancel", res.Depth)
	}
}

func TestPonderHit(t *testing.T) {
	s := New(Options{Threads: 2, HashMiB: 4})
	g := engine.NewGame(engine.StartPosition())
	done := s.Start(context.Background(), g, Limits{Ponder: true, Time: 300 * time.Millisecond}, nil)
	time.Sleep(50 * time.Millisecond)
	s.PonderHit()
	if res := waitResult(t, done); !res.HasMove {
		t.Fatal("no move after ponder hit")
	}
	// A ponder search that completes its depth waits for the hit.
	done = s.Start(context.Background(), g, Limits{Ponder: true, Depth: 1}, nil)
	select {
	case <-done:
		t.Fatal("ponder search returned before ponder hit")
	case <-time.After(50 * time.Millisecond):
	}
	s.PonderHit()
	waitResult(t, done)
	// A ponder hit at once, before the search may be running, is not lost:
	// without it the search would wait for ever.
	done = s.Start(context.Background(), g, Limits{Ponder: true, Depth: 2}, nil)
	s.PonderHit()
	if res := waitResult(t, done); res.Depth != 2 {
		t.Fatalf("ponder search after an immediate hit reached depth %d, want 2", res.Depth)
	}
	// A ponder hit with no search started does nothing to the next search.
	s.PonderHit()
	done = s.Start(context.Background(), g, Limits{Ponder: true, Depth: 1}, nil)
	select {
	case <-done:
		t.Fatal("an earlier ponder hit applied to a later search")
	case <-time.After(50 * time.Millisecond):
	}
	s.PonderHit()
	waitResult(t, done)
}

func TestTimedSearchReturns(t *testing.T) {
	s := New(Options{Threads: 2, HashMiB: 4})
	for _, g := range testPositions(5) {
		res := s.Search(context.Background(), g, Limits{Time: 100 * time.Millisecond, Inc: 10 * time.Millisecond}, nil)
		if !res.HasMove {
			t.Fatal("no move")
		}
		res = s.Search(context.Background(), g, Limits{MoveTime: 20 * time.Millisecond}, nil)
		if !res.HasMove {
			t.Fatal("no move")
		}
	}
}

func TestHalfMemoryMiB(t *testing.T) {
	m := halfMemoryMiB()
	if m == 0 {
		t.Skip("memory unknown on this system")
	}
	if m < 64 || m > 1<<26 {
		t.Fatalf("bound of %d MiB: implausible", m)
	}
}

func TestMemoryLimits(t *testing.T) {
	if got := memTotalMiB(strings.NewReader("MemFree: 1 kB\nMemTotal:       24576000 kB\n")); got != 24000 {
		t.Errorf("MemTotal: %d MiB, want 24000", got)
	}
	if got := memTotalMiB(strings.NewReader("MemFree: 1 kB\n")); got != 0 {
		t.Errorf("no MemTotal: %d, want 0", got)
	}
	for text, want := range map[string]int{
		"max\n":                 0,
		"9223372036854771712\n": 0,
		"2147483648\n":          2048,
		"garbage":               0,
	} {
		if got := cgroupLimitMiB(text); got != want {
			t.Errorf("cgroup limit %q: %d MiB, want %d", text, got, want)
		}
	}
}

// Static scores fade toward a draw as the no-progress count nears the
// referee's limit, and are whole from the start up to fadeStart.
func TestEvaluateFadesWithoutProgress(t *testing.T) {
	p, err := engine.ParsePosition("B6B/8/8/8/8/8/8/W6B w")
	if err != nil {
		t.Fatal(err)
	}
	w := newWorker(0)
	w.frames[0].pos = p
	w.evalStack.Reset(eval.Default(), &p)
	full := Score(eval.Default().Evaluate(&p))
	if full == 0 {
		t.Fatal("test position evaluates to 0")
	}
	prev := full
	for q := 0; q <= noProgressLimit; q++ {
		w.frames[0].quiet = q
		s := w.evaluate(0)
		switch {
		case q <= fadeStart && s != full:
			t.Errorf("after %d plies without progress: %d, want the whole %d", q, s, full)
		case q == noProgressLimit && s != 0:
			t.Errorf("at the limit: %d, want 0", s)
		case abs32(s) > abs32(prev) || s*full < 0:
			t.Errorf("after %d plies without progress: %d, after %d: %d", q, s, q-1, prev)
		}
		prev = s
	}
}
