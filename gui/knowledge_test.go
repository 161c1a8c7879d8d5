// Tests of the Endgame tables and Book panels' data, and of the analysis
// of a whole game: the tables' values as `dameo egtb probe` gives them, the
// built-in book's moves at the start, and moves judged by the drop of
// their side's expected score.

package gui

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/gen"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/racetest"
)

func TestTablesPanelProbesTheBoard(t *testing.T) {
	h := newHarness("fake")
	h.s.tables = egtb.Embedded()
	h.do(`{"type":"position","text":"8/8/8/3b4/8/3w4/8/8 w"}`)
	st := h.state()
	v := st.Tables
	if v == nil || !v.Covered || len(v.Moves) == 0 {
		t.Fatalf("tables %+v", v)
	}
	p, _ := engine.ParsePosition("8/8/8/3b4/8/3w4/8/8 w")
	tabs := egtb.Embedded()
	r, _ := tabs.ProbeFull(&p)
	moves, _ := tabs.ProbeFullMoves(&p)
	if v.Value != r.String() || len(v.Moves) != len(moves) {
		t.Fatalf("panel %q with %d moves, probe %v with %d", v.Value, len(v.Moves), r, len(moves))
	}
	for i, m := range moves {
		if v.Moves[i].Move != p.FormatMove(m.Move) || v.Moves[i].Value != m.Result.String() {
			t.Errorf("move %d: %+v, probe %s %v", i, v.Moves[i], p.FormatMove(m.Move), m.Result)
		}
	}
	h.do(`{"type":"new","mode":"analyse"}`)
	if v := h.state().Tables; v == nil || v.Covered || v.MostPieces != tabs.MostPieces() {
		t.Errorf("the start position in the tables: %+v", v)
	}
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"moveTime":1}}`)
	if v := h.state().Tables; v != nil {
		t.Errorf("the tables are shown in a game against the engine: %+v", v)
	}
}

// TestTablesPanelBeyondTheEmbeddedTables: beside the embedded tables, one
// 4-piece table built from them (once, for both cases: the build costs the
// most of this package's tests).
func TestTablesPanelBeyondTheEmbeddedTables(t *testing.T) {
	racetest.Skip(t, "a table built on one goroutine; TestTablesPanelProbesTheBoard runs the panel's goroutines")
	mat := egtb.Material{WhiteKings: 3, BlackKings: 1}
	built := buildWithEmbedded(t, mat)
	const threeKings = "8/8/8/8/8/8/8/WWW4B w" // table 0301
	p, _ := engine.ParsePosition(threeKings)

	// As a full table (as the 6-piece units that build on one machine
	// beside the 5-piece set), it gives the value of its positions; a
	// 4-piece position of a table not loaded is not covered.
	t.Run("full table", func(t *testing.T) {
		tabs, err := egtb.Open(built)
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness("fake")
		h.s.tables = tabs
		h.do(`{"type":"position","text":"` + threeKings + `"}`)
		r, ok := tabs.ProbeFull(&p)
		if v := h.state().Tables; !ok || v == nil || !v.Covered || v.Value != r.String() || v.MostPieces != 4 {
			t.Errorf("%s: panel %+v, probe %v %v", threeKings, v, r, ok)
		}
		const twoKingsEach = "8/8/8/8/8/8/8/WW4BB w" // table 0202, not loaded
		h.do(`{"type":"position","text":"` + twoKingsEach + `"}`)
		if v := h.state().Tables; v == nil || v.Covered || v.MostPieces != 4 {
			t.Errorf("%s: panel %+v, want not covered", twoKingsEach, v)
		}
	})

	// Where a WDL file alone holds a position (beyond the full tables,
	// within the WDL files' reach), the panel gives its value and its
	// moves' values without distances, not "not in the tables".
	t.Run("WDL file alone", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(built)); err != nil {
			t.Fatal(err)
		}
		full, err := egtb.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []egtb.Material{mat, mat.Swap()} {
			if err := full.Table(m).WriteWDLFile(filepath.Join(dir, m.String()+egtb.WDLExt)); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(filepath.Join(dir, m.FileName())); err != nil {
				t.Fatal(err)
			}
		}
		tabs, err := egtb.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tabs.ProbeFull(&p); ok || tabs.FullPieces() != 3 || tabs.MostPieces() != 4 {
			t.Fatalf("the full tables hold %s (full tables up to %d pieces, some table up to %d)", threeKings, tabs.FullPieces(), tabs.MostPieces())
		}
		h := newHarness("fake")
		h.s.tables = tabs
		h.do(`{"type":"position","text":"` + threeKings + `"}`)
		v := h.state().Tables
		r, _ := tabs.ProbeAny(&p)
		if v == nil || !v.Covered || v.Value != r.WDL.String() || v.WDL != int(r.WDL) || r.WDL == egtb.Draw || len(v.Moves) != len(p.LegalMoves()) {
			t.Fatalf("%s: panel %+v, want the WDL file's %v without a distance and every move", threeKings, v, r.WDL)
		}
		for _, m := range v.Moves {
			if m.Value != "win" && m.Value != "draw" && m.Value != "loss" {
				t.Errorf("%s: move %s valued %q, want a value without a distance", threeKings, m.Move, m.Value)
			}
		}
	})
}

// buildWithEmbedded is a temporary directory of the embedded tables and the
// table of mat with its colour swap, built from them.
func buildWithEmbedded(t *testing.T, mat egtb.Material) string {
	t.Helper()
	dir := t.TempDir()
	for _, tab := range egtb.Embedded().All() {
		if err := tab.WriteFile(filepath.Join(dir, tab.Material().FileName())); err != nil {
			t.Fatal(err)
		}
	}
	store, err := gen.OpenStore(dir, true, func(err error) { t.Error(err) })
	if err != nil {
		t.Fatal(err)
	}
	if err := gen.Build(context.Background(), gen.BuildOptions{Pieces: mat.Pieces(), Threads: 1, Only: &mat, Storage: store}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestBookPanelShowsTheBooksMoves(t *testing.T) {
	b, err := book.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness("fake")
	h.s.book = b
	h.do(`{"type":"new","mode":"analyse"}`)
	v := h.state().Book
	start := engine.StartPosition()
	e := b.Lookup(&start)
	if e == nil {
		t.Fatal("the built-in book has no start position")
	}
	if v == nil || len(v.Moves) != len(e.Moves) || v.Positions != b.Len() {
		t.Fatalf("book panel %+v, want the %d moves of the start", v, len(e.Moves))
	}
	total := 0.0
	for i, m := range e.Moves {
		got := v.Moves[i]
		if got.Move != start.FormatMove(m.Move) || got.Weight != m.Weight || got.Score != float64(m.Score)/100 {
			t.Errorf("book move %d: %+v, want %s weight %d score %d", i, got, start.FormatMove(m.Move), m.Weight, m.Score)
		}
		total += got.Share
	}
	if total < 99.9 || total > 100.1 {
		t.Errorf("shares add up to %v%%", total)
	}
	h.do(`{"type":"position","text":"8/8/8/3b4/8/3w4/8/8 w"}`)
	if v := h.state().Book; v == nil || len(v.Moves) != 0 {
		t.Errorf("a position outside the book: %+v", v)
	}
}

func TestReviewJudgesEveryMove(t *testing.T) {
	h := newHarness("fake")
	h.score = "0.50"
	h.do(`{"type":"open","moves":["c3-c4","f6-f5","d3-d4"]}`)
	if msg := h.do(`{"type":"review"}`); msg != "" {
		t.Fatal(msg)
	}
	st := h.state()
	if st.Review == nil || st.Review.Running || st.Review.Done != 4 || st.Review.Total != 4 {
		t.Fatalf("review %+v, want 4 positions done", st.Review)
	}
	for _, n := range h.tree.mainLine() {
		if n.Eval == nil {
			t.Errorf("move %s has no score", n.Text)
		}
	}
	e := h.engines[0]
	if n := strings.Count(strings.Join(e.sent, "\n"), "level nodes=100000"); n != 4 {
		t.Errorf("%d searches of 100,000 nodes, want 4: %q", n, e.sent)
	}
	// The fake scores every position +0.50 for its side to move; from
	// White's side that is +0.5, -0.5, +0.5, -0.5: each move drops its
	// side's expected score by 1/(1+e^-0.5) - 1/(1+e^0.5) = 0.245, a
	// blunder.
	for _, n := range h.tree.mainLine() {
		if n.Judgement != "??" {
			t.Errorf("%s judged %q, want ??", n.Text, n.Judgement)
		}
	}
	if st.Review.Marks != [2][3]int{{0, 0, 2}, {0, 0, 1}} {
		t.Errorf("marks %v, want 2 blunders of White and 1 of Black", st.Review.Marks)
	}
	// Each move shows what it lost and, unless it was the search's best,
	// the better line: the fake's best is the first legal move.
	const drop = 0.2449186624037092 // 1/(1+e^-0.5) - 1/(1+e^0.5)
	for i, n := range h.tree.mainLine() {
		v := n.Review
		if v == nil || v.By != bySearch || math.Abs(v.Loss-drop) > 1e-9 || v.LossMen != 1 {
			t.Errorf("%s: verdict %+v, want a loss of %v (1 man) by the search", n.Text, v, drop)
			continue
		}
		p := h.s.g.mainLine()[i].parent.pos
		if best := bestMove(p); (best == n.Text) != (v.Better == nil) || (v.Better != nil && v.Better[0] != best) {
			t.Errorf("%s: better line %v, want %s unless it was played", n.Text, v.Better, best)
		}
	}
	if math.Abs(st.Review.Loss[0]-drop) > 1e-9 || math.Abs(st.Review.Loss[1]-drop) > 1e-9 {
		t.Errorf("average losses %v, want %v each", st.Review.Loss, drop)
	}
	h.do(`{"type":"new","mode":"play","color":"white","limit":{"moveTime":1}}`)
	if msg := h.do(`{"type":"review"}`); msg != errGameNotOver.Error() {
		t.Errorf("a review of a game going on: %q", msg)
	}
}

// TestReviewSearchesAfresh: before each position of a review the engine
// forgets its earlier searches (new-game) and searches with one thread and
// its book off, however the page set them; the page's threads and book,
// even those chosen before the review and not yet sent, come back after
// it.
func TestReviewSearchesAfresh(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"open","moves":["c3-c4","f6-f5"]}`)
	h.do(`{"type":"analyse","on":true}`)
	h.do(`{"type":"analyse","on":false}`)
	e := h.engines[0]
	h.do(`{"type":"option","name":"threads","value":"2"}`) // pending: the engine is idle
	from := len(e.sent)
	if msg := h.do(`{"type":"review"}`); msg != "" {
		t.Fatal(msg)
	}
	review := e.sent[from:]
	searches := 0
	threads, book, fresh := "", "", false
	for _, line := range review {
		switch {
		case strings.HasPrefix(line, "set-param name=threads "):
			threads = line
		case strings.HasPrefix(line, "set-param name=book "):
			book = line
		case line == "new-game":
			fresh = true
		case line == "go think":
			searches++
			if !fresh || threads != "set-param name=threads value=1" || book != "set-param name=book value=false" {
				t.Errorf("search %d: new-game %v, %q, %q; want new-game, one thread, the book off: %q", searches, fresh, threads, book, review)
			}
			fresh = false
		}
	}
	if searches != 3 {
		t.Errorf("%d searches, want 3: %q", searches, review)
	}
	from = len(e.sent)
	h.do(`{"type":"analyse","on":true}`)
	after := e.sent[from:]
	if !slices.Contains(after, "set-param name=threads value=2") || !slices.Contains(after, "set-param name=book value=true") ||
		slices.Contains(after, "new-game") {
		t.Errorf("after the review: %q, want the page's 2 threads and the book back, no new-game", after)
	}
}

// TestReviewKeepsItsSettings: a change of threads or book the page makes
// during a review waits, pending, until the review is over.
func TestReviewKeepsItsSettings(t *testing.T) {
	h := newHarness("fake")
	s := h.s
	s.params["threads"] = "3"
	sl := &slot{reviewing: true, pending: []hubclient.Param{{Name: "threads", Value: "3"}, {Name: "hash", Value: "32"}}}
	if got := s.reviewParams(sl, &job{kind: jobReview}); got != nil || jsonOf(sl.pending) != `[{"Name":"hash","Value":"32"}]` {
		t.Errorf("during a review: %v sent, %v pending; want nothing more and the hash alone pending", got, sl.pending)
	}
	got := s.reviewParams(sl, &job{kind: jobAnalyse})
	if jsonOf(got) != `[{"Name":"book","Value":"true"},{"Name":"threads","Value":"3"}]` || sl.reviewing {
		t.Errorf("after the review: %v, want the book and the page's 3 threads back", got)
	}
}

func TestReviewLimitsAndStop(t *testing.T) {
	h := newHarness("fake")
	h.do(`{"type":"open","moves":["c3-c4","f6-f5"]}`)
	for _, bad := range []string{
		`{"type":"review","limit":{"depth":3,"nodes":1000}}`,
		`{"type":"review","limit":{"nodes":1000000000}}`,
		`{"type":"review","limit":{"depth":-1}}`,
		`{"type":"review","limit":{"minutes":1}}`,
		`{"type":"new","mode":"play","color":"white","limit":{"moveTime":1,"nodes":1000}}`,
	} {
		if msg := h.do(bad); msg == "" {
			t.Errorf("%s: no error", bad)
		}
	}
	if msg := h.do(`{"type":"review","limit":{"depth":3}}`); msg != "" {
		t.Fatal(msg)
	}
	e := h.engines[0]
	if n := strings.Count(strings.Join(e.sent, "\n"), "level depth=3"); n != 3 {
		t.Errorf("%d searches to depth 3, want 3: %q", n, e.sent)
	}
	// Stopped half-way, the review judges the moves searched so far.
	e.hold = true
	h.do(`{"type":"review","limit":{"nodes":5000}}`)
	if r := h.state().Review; r == nil || !r.Running {
		t.Fatalf("review %+v, want one running", r)
	}
	e.hold = false
	h.do(`{"type":"stopreview"}`)
	if r := h.state().Review; r == nil || r.Running || r.Done != r.Total {
		t.Errorf("review after stop %+v", r)
	}
	if e.sent[len(e.sent)-1] != "stop" && !slices.Contains(e.sent, "stop") {
		t.Errorf("the search was not stopped: %q", e.sent)
	}
}

// TestReviewJudgesByBookAndTables: a move of the book is the book's, not
// a mark, whatever the search says; a move from a position the tables
// hold is judged by the tables.
func TestReviewJudgesByBookAndTables(t *testing.T) {
	b, err := book.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness("fake")
	h.s.book, h.s.tables = b, egtb.Embedded()
	h.score = "0.50" // every move a blunder by the search
	start := engine.StartPosition()
	first := start.FormatMove(b.Lookup(&start).Moves[0].Move)
	h.do(fmt.Sprintf(`{"type":"open","moves":[%q]}`, first))
	h.do(`{"type":"review"}`)
	if n := h.tree.mainLine()[0]; n.Judgement != "" || n.Review == nil || n.Review.By != byBook {
		t.Errorf("the book's %s judged %q by %+v, want no mark by the book", first, n.Judgement, n.Review)
	}
	// White's man on d3, Black's on d5: d3-e4 draws, d3-d4 loses. The
	// first is no mistake, whatever the search says; the second is a
	// blunder with the tables' move as the better line.
	const pos = "8/8/8/3b4/8/3w4/8/8 w"
	p, _ := engine.ParsePosition(pos)
	moves, ok := egtb.Embedded().ProbeFullMoves(&p)
	if !ok {
		t.Fatal("the tables do not hold " + pos)
	}
	best, worst := moves[0], moves[len(moves)-1]
	if best.Result.WDL == worst.Result.WDL {
		t.Fatalf("every move of %s has the same value", pos)
	}
	for _, m := range []egtb.MoveResult{best, worst} {
		h.do(fmt.Sprintf(`{"type":"position","text":%q}`, pos))
		h.do(fmt.Sprintf(`{"type":"move","move":%q}`, p.FormatMove(m.Move)))
		h.do(`{"type":"review"}`)
		n := h.tree.mainLine()[0]
		if n.Review == nil || n.Review.By != byTables {
			t.Fatalf("%s judged by %+v, want the tables", n.Text, n.Review)
		}
		lost := best.Result.WDL > m.Result.WDL
		if lost != (n.Judgement == "??") || lost != (n.Review.Better != nil) {
			t.Errorf("%s (%v, best %v): judged %q, better %v", n.Text, m.Result, best.Result, n.Judgement, n.Review.Better)
		}
	}
}

func TestJudgementsFollowTheExpectedScore(t *testing.T) {
	for _, c := range []struct {
		before, after float64 // White's view, White moved
		want          string
	}{
		{0, 0, ""}, {0, -0.1, ""}, {0, -0.25, "?!"}, {0, -0.45, "?"}, {0, -0.7, "??"},
		{5, 4, ""}, // already winning: little change in expected score
		{-0.5, 0.5, ""},
	} {
		g := newGame(engine.StartPosition())
		n, _ := g.play("c3-c4")
		b, a := c.before, c.after
		g.root.eval, n.eval = &b, &a
		s := &session{g: g, review: &review{nodes: []*node{g.root, n}, next: 2}}
		s.judge()
		if n.judgement != c.want {
			t.Errorf("%v to %v: %q, want %q", c.before, c.after, n.judgement, c.want)
		}
	}
}

// TestReviewJudgesByTheExplorersGames: a move the explorer's games played
// often enough is judged by how they scored, against the best-scoring move
// of as many games.
func TestReviewJudgesByTheExplorersGames(t *testing.T) {
	h := explorerHarness(t)
	var games strings.Builder
	for range explorerMinGames {
		games.WriteString("[Result \"1-0\"]\n1. c3-c4 f6-f5 1-0\n\n[Result \"0-1\"]\n1. d3-d4 f6-f5 0-1\n\n")
	}
	games.WriteString("[Result \"1-0\"]\n1. e3-e4 f6-f5 1-0\n\n") // too few games to judge by
	if _, err := h.s.explorer.Read(strings.NewReader(games.String())); err != nil {
		t.Fatal(err)
	}
	h.score = "0.50" // by the search, every move a blunder
	for _, c := range []struct {
		move, mark, by string
		better         []string
	}{
		{"c3-c4", "", byExplorer, nil},
		{"d3-d4", "??", byExplorer, []string{"c3-c4"}},
		{"e3-e4", "??", bySearch, nil},
	} {
		h.do(fmt.Sprintf(`{"type":"open","moves":[%q]}`, c.move))
		h.do(`{"type":"review"}`)
		n := h.tree.mainLine()[0]
		if n.Judgement != c.mark || n.Review == nil || n.Review.By != c.by || (c.better != nil && !slices.Equal(n.Review.Better, c.better)) {
			t.Errorf("%s: judged %q by %+v, want %q by %s, better %v", c.move, n.Judgement, n.Review, c.mark, c.by, c.better)
		}
	}
}
