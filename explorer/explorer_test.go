// Tests of the explorer: counts by move, transpositions, start positions,
// variations, skipped games, filters, repetitions, and the runs against a
// plain map of every game's positions.

package explorer

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
)

// indexOf is an index of PDN text, failing the test on a reading error.
func indexOf(t *testing.T, f Filter, text string) (*Index, Stats) {
	t.Helper()
	x, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	st, err := x.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return x, st
}

// after is the position after moves from the start.
func after(t *testing.T, moves string) engine.Position {
	t.Helper()
	g, err := engine.PlayLine(engine.StartPosition(), moves)
	if err != nil {
		t.Fatal(err)
	}
	return g.Position()
}

// summary is an entry as "games=N w/d/b move:N:w/d/b ...".
func summary(e Entry) string {
	s := fmt.Sprintf("games=%d %d/%d/%d", e.Games, e.WhiteWins, e.Draws, e.BlackWins)
	for _, m := range e.Moves {
		s += fmt.Sprintf(" %s:%d:%d/%d/%d", m.Text, m.Games, m.WhiteWins, m.Draws, m.BlackWins)
	}
	if e.Ended.Games > 0 {
		s += fmt.Sprintf(" ended:%d", e.Ended.Games)
	}
	return s
}

const threeGames = `[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. c3-c4 f6-f5 2. d3-d4 1-0

[White "Bob"]
[Black "Ann"]
[Result "1/2-1/2"]

1. c3-c4 f6-f5 (1... e6-e5 2. d3-d4) 2. e3-e4 1/2-1/2

[White "Cy"]
[Black "Bob"]
[Result "0-1"]

1. d3-d4 f6-f5 2. c3-c4 e6-e5 0-1

1. d3-d4 *
`

func TestMovesCountedByPositionMostPlayedFirst(t *testing.T) {
	x, st := indexOf(t, Filter{}, threeGames)
	if st != (Stats{Games: 4}) || x.Stats() != st {
		t.Fatalf("stats %+v (index %+v), want 4 games", st, x.Stats())
	}
	start := engine.StartPosition()
	if got, want := summary(x.Lookup(&start)), "games=4 1/1/1 c3-c4:2:1/1/0 d3-d4:2:0/0/1"; got != want {
		t.Errorf("start: %s, want %s", got, want)
	}
	// 1. c3-c4 f6-f5 2. d3-d4 and 1. d3-d4 f6-f5 2. c3-c4 meet; the
	// variation's 2. d3-d4 is not a game.
	p := after(t, "c3-c4 f6-f5 d3-d4")
	if got, want := summary(x.Lookup(&p)), "games=2 1/0/1 e6-e5:1:0/0/1 ended:1"; got != want {
		t.Errorf("after the transposition: %s, want %s", got, want)
	}
	p = after(t, "c3-c4 e6-e5")
	if e := x.Lookup(&p); e.Games != 0 || len(e.Moves) != 0 {
		t.Errorf("a variation's position: %s, want no games", summary(e))
	}
	p = after(t, "d3-d4")
	if got, want := summary(x.Lookup(&p)), "games=2 0/0/1 f6-f5:1:0/0/1 ended:1"; got != want {
		t.Errorf("after d3-d4: %s, want %s (the unfinished game ended there)", got, want)
	}
}

func TestGamesFromAStartPositionCountFromThere(t *testing.T) {
	const text = `[FEN "B7/8/8/8/8/8/8/7W w"]
[Result "1/2-1/2"]

1. h1-g1 a8-b8 2. g1-h1 b8-a8 3. h1-h2 1/2-1/2
`
	x, _ := indexOf(t, Filter{}, text)
	p, err := engine.ParsePosition("B7/8/8/8/8/8/8/7W w")
	if err != nil {
		t.Fatal(err)
	}
	// The start comes again after four plies: the game counts once, with
	// the move it played the first time.
	if got, want := summary(x.Lookup(&p)), "games=1 0/1/0 h1-g1:1:0/1/0"; got != want {
		t.Errorf("start of the FEN game: %s, want %s", got, want)
	}
	start := engine.StartPosition()
	if e := x.Lookup(&start); e.Games != 0 {
		t.Errorf("the initial position: %s, want no games", summary(e))
	}
}

// badGames are games that cannot be indexed, and why.
var badGames = []struct{ text, why string }{
	{"[Event \"bad tag\" x]\n\n1. c3-c4 *\n", "pdn: line 1: tag Event: missing ']'"},
	{"[Event \"illegal\"]\n\n1. c3-c4 f6-f5 2. c4-c6 *\n", `move 3 (c4-c6): illegal move "c4-c6"`},
	{"[GameType \"20\"]\n\n1. c3-c4 *\n", `the game is of type "20", not Dameo`},
	{"[FEN \"nonsense\"]\n\n1. c3-c4 *\n", "FEN tag:"},
	{"[Event \"no result\"]\n\n1. c3-c4\n", "has no result token"},
}

func TestBadGamesAreSkippedAndTheOthersRead(t *testing.T) {
	start := engine.StartPosition()
	var all strings.Builder
	for _, bad := range badGames {
		x, st := indexOf(t, Filter{}, bad.text)
		if st.Games != 0 || st.Skipped != 1 || !strings.HasPrefix(st.Reason, "game 1: ") || !strings.Contains(st.Reason, bad.why) {
			t.Errorf("%q: stats %+v, want it skipped for %q", bad.text, st, bad.why)
		}
		if e := x.Lookup(&start); e.Games != 0 {
			t.Errorf("%q was half indexed: %s", bad.text, summary(e))
		}
		all.WriteString(bad.text + "\n[Event \"good\"]\n1. c3-c4 1-0\n\n")
	}
	x, st := indexOf(t, Filter{}, all.String())
	n := len(badGames)
	if st.Games != n || st.Skipped != n || !strings.Contains(st.Reason, badGames[0].why) {
		t.Fatalf("stats %+v, want %d games and %d skipped, the first for its tag", st, n, n)
	}
	if got, want := summary(x.Lookup(&start)), fmt.Sprintf("games=%d %d/0/0 c3-c4:%d:%d/0/0", n, n, n, n); got != want {
		t.Errorf("start: %s, want %s", got, want)
	}
	g := &pdn.Game{Result: pdn.Draw}
	g.AddMove("c3-c4", "")
	g.AddMove("c4-c5", "")
	if err := x.Add(g); err == nil || !strings.Contains(err.Error(), "move 2 (c4-c5)") {
		t.Errorf("Add of an illegal move: %v", err)
	}
	if x.Stats().Skipped != n+1 {
		t.Errorf("stats %+v after a bad Add, want %d skipped", x.Stats(), n+1)
	}
}

func TestFilterKeepsThePlayersGames(t *testing.T) {
	start := engine.StartPosition()
	for _, c := range []struct {
		f    Filter
		want string
	}{
		{Filter{Player: "bob"}, "games=3 1/1/1 c3-c4:2:1/1/0 d3-d4:1:0/0/1"},
		{Filter{White: " Bob "}, "games=1 0/1/0 c3-c4:1:0/1/0"},
		{Filter{Black: "Bob", Result: pdn.BlackWins}, "games=1 0/0/1 d3-d4:1:0/0/1"},
		{Filter{Result: pdn.WhiteWins}, "games=1 1/0/0 c3-c4:1:1/0/0"},
		{Filter{Player: "Dee"}, "games=0 0/0/0"},
	} {
		x, st := indexOf(t, c.f, threeGames)
		if got := summary(x.Lookup(&start)); got != c.want {
			t.Errorf("%+v: %s, want %s", c.f, got, c.want)
		}
		if st.Games+st.Filtered != 4 || st.Skipped != 0 {
			t.Errorf("%+v: stats %+v, want the 4 games indexed or filtered", c.f, st)
		}
	}
	if _, err := New(Filter{Result: "2-0"}); err == nil {
		t.Error("a filter on result 2-0 was taken")
	}
}

func TestReadFileRefusesWhatIsNotPDN(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	x, _ := New(Filter{})
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.pdn"), "no such file"},
		{dir, "not a regular file"},
		{write("binary.pdn", "\x89PNG\r\n\x1a\n\x00\x00"), "no game could be read (1 skipped; game 1: pdn: line 1: unexpected byte 0x89)"},
	} {
		if _, err := x.ReadFile(c.path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.path, err, c.want)
		}
	}
	st, err := x.ReadFile(write("empty.pdn", ""))
	if err != nil || st != (Stats{}) {
		t.Errorf("an empty file: %+v, %v; want no game and no error", st, err)
	}
	st, err = x.ReadFile(write("games.pdn", threeGames))
	if err != nil || st.Games != 4 {
		t.Errorf("a good file: %+v, %v", st, err)
	}
}

// TestIndexAgreesWithAMapOfEveryPosition indexes random games in small
// buffers, so that runs are made and merged many times, and in one Add at
// a time, and checks every position reached against counts kept plainly.
func TestIndexAgreesWithAMapOfEveryPosition(t *testing.T) {
	games := randomGames(300, 4, 40, 7)
	want := map[uint64]map[string]Counts{} // by key and move, "" for the games ended there
	positions := map[uint64]engine.Position{}
	entries := 0
	for _, g := range games {
		p := engine.StartPosition()
		seen := map[uint64]bool{}
		visit := func(move string) {
			if seen[p.Key()] {
				return
			}
			seen[p.Key()] = true
			positions[p.Key()] = p
			if want[p.Key()] == nil {
				want[p.Key()] = map[string]Counts{}
			}
			c, ok := want[p.Key()][move]
			if !ok {
				entries++
			}
			c.Games++
			switch g.Result {
			case pdn.WhiteWins:
				c.WhiteWins++
			case pdn.Draw:
				c.Draws++
			case pdn.BlackWins:
				c.BlackWins++
			}
			want[p.Key()][move] = c
		}
		for _, mv := range g.Moves {
			visit(mv.Text)
			m, err := p.ParseMove(mv.Text)
			if err != nil {
				t.Fatal(err)
			}
			p = p.Play(m)
		}
		visit("")
	}
	byRead, _ := New(Filter{})
	byRead.bufferSize, byRead.maxMerged = 64, 1024
	if _, err := byRead.Read(strings.NewReader(randomPDN(300, 4, 40, 7))); err != nil {
		t.Fatal(err)
	}
	byAdd, _ := New(Filter{})
	for _, g := range games {
		if err := byAdd.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	if len(byRead.runs) < 3 || len(byAdd.runs) > 30 {
		t.Errorf("%d runs read in small buffers, %d added a game at a time; want several and a few", len(byRead.runs), len(byAdd.runs))
	}
	for name, x := range map[string]*Index{"read": byRead, "added": byAdd} {
		if x.Len() < entries || x.Stats().Games != len(games) {
			t.Errorf("%s: %d entries of %d games, want at least %d of %d", name, x.Len(), x.Stats().Games, entries, len(games))
		}
		for k, p := range positions {
			e := x.Lookup(&p)
			got := map[string]Counts{}
			total := e.Ended
			if e.Ended.Games > 0 {
				got[""] = e.Ended
			}
			for i, m := range e.Moves {
				got[m.Text] = m.Counts
				total.Games += m.Games
				total.WhiteWins += m.WhiteWins
				total.Draws += m.Draws
				total.BlackWins += m.BlackWins
				if i > 0 && m.Games > e.Moves[i-1].Games {
					t.Errorf("%s: %v: moves not most played first", name, p)
				}
			}
			if total != e.Counts {
				t.Errorf("%s: %v: total %+v, the moves' and the ends' %+v", name, p, e.Counts, total)
			}
			if !maps.Equal(got, want[k]) {
				t.Errorf("%s: %v: %+v, want %+v", name, p, got, want[k])
			}
		}
	}
}

// TestResolveAgreesWithParseMove tries, in the positions of random games,
// every legal move's notation, its short capture form and spoilt forms of
// it: the index takes a move exactly when engine's ParseMove does, and the
// same move.
func TestResolveAgreesWithParseMove(t *testing.T) {
	x, _ := New(Filter{})
	tried := 0
	for _, g := range randomGames(40, 60, 120, 11) {
		p := engine.StartPosition()
		for _, mv := range g.Moves {
			for _, m := range p.LegalMoves() {
				full := p.FormatMove(m)
				texts := []string{full, full[:2] + full[len(full)-3:], strings.ToUpper(full), full + "x", "x" + full}
				if m.IsCapture() {
					texts = append(texts, full[:2]+"-"+full[len(full)-2:], strings.Replace(full, "x", "xa1x", 1))
				} else {
					texts = append(texts, full[:2]+"x"+full[3:])
				}
				for _, text := range texts {
					tried++
					want, wantErr := p.ParseMove(text)
					i, got, err := x.resolve(&p, text)
					if (err == nil) != (wantErr == nil) || err == nil && (got != want || x.moves.Moves[i] != got) {
						t.Fatalf("%v: %q: resolve %v (index %d), %v; ParseMove %v, %v", p, text, got, i, err, want, wantErr)
					}
				}
			}
			m, err := p.ParseMove(mv.Text)
			if err != nil {
				t.Fatal(err)
			}
			p = p.Play(m)
		}
	}
	if tried < 10000 {
		t.Errorf("only %d texts tried", tried)
	}
}

// TestIndexServesLookupsWhileGamesAreAdded reads and adds games in some
// goroutines while others look positions up (run with -race): a lookup
// sees a game whole or not at all.
func TestIndexServesLookupsWhileGamesAreAdded(t *testing.T) {
	x, _ := New(Filter{})
	x.bufferSize, x.maxMerged = 32, 256
	games := randomGames(60, 4, 30, 5)
	text := randomPDN(60, 4, 30, 5)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		if _, err := x.Read(strings.NewReader(text)); err != nil {
			t.Error(err)
		}
	}()
	go func() {
		defer wg.Done()
		for _, g := range games {
			if err := x.Add(g); err != nil {
				t.Error(err)
			}
		}
	}()
	start := engine.StartPosition()
	for range 200 {
		e := x.Lookup(&start)
		sum := 0
		for _, m := range e.Moves {
			sum += m.Games
		}
		if sum != e.Games || e.Games > 120 {
			t.Fatalf("start: %d games, its moves' %d", e.Games, sum)
		}
	}
	wg.Wait()
	if e := x.Lookup(&start); e.Games != 120 || x.Stats().Games != 120 {
		t.Errorf("at the end: %d games at the start, %+v", e.Games, x.Stats())
	}
}

// TestEntriesOfOneGameTakeTenBytes checks the index's size: an entry of
// one game holds a key and two bytes; those of more games their counts
// besides.
func TestEntriesOfOneGameTakeTenBytes(t *testing.T) {
	x, _ := indexOf(t, Filter{}, randomPDN(300, 60, 140, 3))
	multi := 0
	for _, r := range x.runs {
		multi += len(r.multi)
	}
	entries := x.Len()
	if want := 10*entries + 20*multi; x.bytes() > want+want/16 || multi > entries/20 {
		t.Errorf("%d entries (%d of several games) in %d bytes, want at most %d", entries, multi, x.bytes(), want+want/16)
	}
}

// TestSorterOrdersByKeyAndMove sorts records in buckets, many of one key
// (a position all games reach) among keys spread over the buckets.
func TestSorterOrdersByKeyAndMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	var recs []record
	for i := range 200_000 {
		key := rng.Uint64()
		if i%10 == 0 {
			key = 0x8000_0000_0000_0001 + uint64(i%3)
		}
		recs = append(recs, record{key: key, ply: uint32(i), info: uint16(rng.IntN(40)) | uint16(rng.IntN(4))<<ordinalBits})
	}
	want := slices.Clone(recs)
	slices.SortStableFunc(want, compareRecords)
	var s sorter
	s.sort(recs)
	for i := range recs {
		if compareRecords(recs[i], want[i]) != 0 {
			t.Fatalf("record %d: %+v, want %+v", i, recs[i], want[i])
		}
	}
	slices.SortFunc(recs, func(a, b record) int { return cmp.Compare(a.ply, b.ply) })
	for i := range recs {
		if recs[i].ply != uint32(i) {
			t.Fatalf("a record lost or doubled: %+v at %d", recs[i], i)
		}
	}
}
