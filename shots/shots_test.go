package shots

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/pdn"
	"github.com/dameo/dameo/search"
)

func TestSwings(t *testing.T) {
	for _, c := range []struct {
		scores []float64
		want   []swing
	}{
		// Black (odd plies) rises from -0.1 to 3 in two moves (found
		// from ply 1), White (even plies) falls from 2.5 to -1 in one.
		{[]float64{0.1, -0.1, 2.5, -0.3, -1.0, 3.0}, []swing{{ply: 5, delta: 3.1}, {ply: 2, avoid: true, delta: -3.5}}},
		// Black (odd plies) rises by 3 over two moves, the second reaching it.
		{[]float64{0, 0, 0, 1, 0, 3}, []swing{{ply: 5, delta: 3}}},
		// A fall over two moves lists both.
		{[]float64{2, 0, 0.5, 0, -1, 0}, []swing{{ply: 0, avoid: true, delta: -3}, {ply: 2, avoid: true, delta: -3}}},
		// Under the threshold, or further apart than two moves: none.
		{[]float64{0, 0, 1, 0, 2, 0, 2.9, 0}, nil},
		{[]float64{3, 0, 2, 0, 1, 0, 0, 0}, nil},
	} {
		got := swings(c.scores, 3)
		for i := range got {
			got[i].delta = math.Round(got[i].delta*100) / 100
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("swings(%v) = %+v, want %+v", c.scores, got, c.want)
		}
	}
}

// gameText is a PDN game of the given plies from the start position, the
// first legal move each time (poor moves, so that a deeper search plays
// others), with the given comments.
func gameText(t *testing.T, comments []string) (string, []engine.Position, []engine.Move) {
	t.Helper()
	g := engine.NewGame(engine.StartPosition())
	rec := &pdn.Game{Result: pdn.Unfinished}
	rec.SetTag(pdn.TagGameType, pdn.GameTypeDameo)
	var before []engine.Position
	var moves []engine.Move
	for _, c := range comments {
		p := g.Position()
		m := p.LegalMoves()[0]
		before, moves = append(before, p), append(moves, m)
		rec.AddMove(p.FormatMove(m), c)
		g.Play(m)
	}
	text, err := pdn.Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	return text, before, moves
}

var testConfig = MineConfig{Swing: 3, Nodes: 4000, ScoreNodes: 500, HashMiB: 1}

func TestMine(t *testing.T) {
	scores := []float64{0.1, -0.1, 2.5, -0.3, -1.0, 3.0, -0.8, 3.1}
	var comments []string
	for i, s := range scores {
		c := fmt.Sprintf("%+.2f/9 0.100s", s)
		if i == len(scores)-1 {
			c += ", adjudication"
		}
		comments = append(comments, c)
	}
	text, before, moves := gameText(t, comments)
	games, err := pdn.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig
	var counts [][2]int
	cfg.Progress = func(done, total int) { counts = append(counts, [2]int{done, total}) }
	entries, err := Mine(context.Background(), games, "test.pdn", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(counts, [][2]int{{1, 1}}) {
		t.Errorf("progress %v, want 1 of 1 game", counts)
	}
	want := swings(scores, 3) // White falls at ply 2 (index), Black rises at ply 5
	if len(want) != 2 {
		t.Fatalf("swings %v", want)
	}
	shots := 0
	for _, e := range entries {
		var ply int
		if _, err := fmt.Sscanf(e.ID[strings.Index(e.ID, "ply "):], "ply %d", &ply); err != nil {
			t.Fatalf("id %q names no ply", e.ID)
		}
		i := slices.IndexFunc(want, func(s swing) bool { return s.ply == ply-1 })
		if i < 0 {
			t.Fatalf("entry %q at a ply that did not swing", e.Format())
		}
		if !strings.HasPrefix(e.ID, "test.pdn game 1 ply ") {
			t.Errorf("id %q does not name the file and game", e.ID)
		}
		if e.Position != before[ply-1] || !e.Position.IsLegal(e.Best) {
			t.Errorf("entry %q: not the position before ply %d, or bm not legal there", e.Format(), ply)
		}
		if want[i].avoid {
			if e.Avoid != moves[ply-1] || e.Best == e.Avoid {
				t.Errorf("avoid entry %q: am is not the game's move %s, or bm is", e.Format(), before[ply-1].FormatMove(moves[ply-1]))
			}
		} else {
			shots++
			if e.Avoid != engine.NoMove {
				t.Errorf("shot entry %q has an am", e.Format())
			}
		}
	}
	if shots != 1 || len(entries) != 2 {
		t.Fatalf("%d entries, %d of them shots: want the avoid entry of ply 3 and the shot of ply 6: %v", len(entries), shots, entries)
	}
}

// TestMineScoresUncommentedMoves: moves without a score in their comment
// are scored by a search, and mining goes on.
func TestMineScoresUncommentedMoves(t *testing.T) {
	text, _, _ := gameText(t, []string{"", "0.100s", "", "book", "", ""})
	games, err := pdn.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	plies, err := replay(games[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range plies {
		if !math.IsNaN(p.score) {
			t.Fatalf("a score read from a comment without one: %v", p.score)
		}
	}
	m := &miner{cfg: testConfig, s: search.New(search.Options{Threads: 1, HashMiB: 1}), seen: map[engine.Position]bool{}}
	if err := m.game(context.Background(), plies, "g"); err != nil {
		t.Fatal(err)
	}
	for i, p := range plies {
		if math.IsNaN(p.score) {
			t.Fatalf("ply %d left without a score", i+1)
		}
	}
}

func TestMineRefusesBadGames(t *testing.T) {
	games, err := pdn.Parse("[GameType \"Dameo\"]\n\n1. c3-c4 a1-a8 *\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Mine(context.Background(), games, "bad.pdn", testConfig); err == nil || !strings.Contains(err.Error(), "bad.pdn game 1: move 2 \"a1-a8\"") {
		t.Fatalf("error %v, want one naming game 1's move 2", err)
	}
	if _, err := Mine(context.Background(), nil, "x", MineConfig{}); err == nil {
		t.Fatal("no error for a zero swing and node counts")
	}
}

func TestSuiteRoundTrip(t *testing.T) {
	p := engine.StartPosition()
	moves := p.LegalMoves()
	in := []Entry{
		{Position: p, Best: moves[1], Avoid: moves[0], ID: "m.pdn game 3 ply 17 swing -3.50"},
		{Position: p, Best: moves[2]},
	}
	var b strings.Builder
	if err := Write(&b, "a suite\nof two", in); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "# a suite\n# of two\n"+engine.StartText+"; bm ") {
		t.Fatalf("written:\n%s", b.String())
	}
	out, err := Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(in, out) {
		t.Fatalf("read back %+v, want %+v", out, in)
	}
}

func TestReadErrors(t *testing.T) {
	start := engine.StartText
	for _, c := range []struct{ text, want string }{
		{"8/8/8 w; bm a1-a2", "suite line 1: position:"},
		{"\n# c\n" + start + "; bm a1-a5", `suite line 3: bm "a1-a5"`},
		{start + "; am b2-b3", "suite line 1: no bm"},
		{start + "; bm b2-b3; bm c2-c3", "suite line 1: bm given twice"},
		{start + "; bm b2-b3; am b2-b3", "suite line 1: bm and am are the same move"},
		{start + "; bm b2-b3; xx 1", `suite line 1: unknown field "xx"`},
		{strings.Repeat("x", 5000), "suite line 1: longer than 4096 bytes"},
	} {
		if _, err := Read(strings.NewReader(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%.40q): error %v, want %q", c.text, err, c.want)
		}
	}
}

func TestRun(t *testing.T) {
	p := engine.StartPosition()
	opts := search.Options{Threads: 1, HashMiB: 1}
	res := search.New(opts).Search(context.Background(), engine.NewGame(p), search.Limits{Nodes: 3000}, nil)
	other := p.LegalMoves()[0]
	if other == res.Move {
		other = p.LegalMoves()[1]
	}
	entries := []Entry{{Position: p, Best: res.Move}, {Position: p, Best: other, Avoid: res.Move}}
	var outcomes []Outcome
	entries = append(entries, Entry{Position: p, Best: res.Move, Avoid: other})
	tally, err := Run(context.Background(), entries, opts, 3000, func(o Outcome) { outcomes = append(outcomes, o) })
	if err != nil {
		t.Fatal(err)
	}
	if len(outcomes) != 3 || !outcomes[0].Solved || outcomes[1].Solved || outcomes[1].Played != res.Move ||
		!outcomes[1].FellIn || outcomes[0].FellIn || !outcomes[2].Solved || outcomes[2].FellIn {
		t.Fatalf("outcomes %+v", outcomes)
	}
	if want := (Tally{Entries: 3, Solved: 2, Avoids: 2, Avoided: 1}); tally != want {
		t.Errorf("tally %+v, want %+v", tally, want)
	}
}
