// Tests of the endgame tables in the search, with a fake set of tables.

package search

import (
	"context"
	"testing"

	"github.com/dameo/dameo/engine"
)

// tableValue is a fake table entry: wdl and dtw for the side to move.
type tableValue struct{ wdl, dtw int }

// fakeTables claims up to mostPieces pieces: it has the positions in values
// and, when drawn is set, every other position of that size as a draw.
type fakeTables struct {
	mostPieces int
	drawn      bool
	values     map[uint64]tableValue
}

func (f *fakeTables) ProbeAny(p *engine.Position) (wdl, dtw int, ok bool) {
	if pieceCount(p) > f.mostPieces {
		return 0, 0, false
	}
	v, ok := f.values[p.Key()]
	return v.wdl, v.dtw, ok || f.drawn
}

func (f *fakeTables) MostPieces() int { return f.mostPieces }

// tableSearch searches p with tb to limits and returns the result and the
// info lines.
func tableSearch(t *testing.T, tb Tablebase, p engine.Position, limits Limits) (Result, []Info) {
	t.Helper()
	var infos []Info
	s := New(Options{Threads: 1, HashMiB: 1, Tablebase: tb})
	res := s.Search(context.Background(), engine.NewGame(p), limits, func(i Info) { infos = append(infos, i) })
	return res, infos
}

func TestTableScoreBelowRoot(t *testing.T) {
	p := engine.StartPosition()
	m, err := p.ParseMove("c3-c4")
	if err != nil {
		t.Fatal(err)
	}
	child := p.Play(m)
	// The child is lost in 4 for its side to move: the root wins in 5. No
	// other position is in the tables: they are searched.
	tb := &fakeTables{mostPieces: 64, values: map[uint64]tableValue{child.Key(): {-1, 4}}}
	res, infos := tableSearch(t, tb, p, Limits{Depth: 3, Analysis: true})
	if res.Move != m || res.Score != Win-5 {
		t.Errorf("result %s %d, want c3-c4 with %d (win in 5)", p.FormatMove(res.Move), res.Score, Win-5)
	}
	if len(infos) == 0 || infos[len(infos)-1].TBHits == 0 {
		t.Errorf("info lines %+v, want table hits counted", infos)
	}
}

func TestTableMoveAtRoot(t *testing.T) {
	p, err := engine.ParsePosition("8/8/8/8/8/8/8/2w1W2B w")
	if err != nil {
		t.Fatal(err)
	}
	moves := p.LegalMoves()
	if len(moves) < 2 {
		t.Fatalf("%d legal moves, want at least 2", len(moves))
	}
	slow, fast := p.Play(moves[0]), p.Play(moves[1])
	tb := &fakeTables{mostPieces: 3, drawn: true, values: map[uint64]tableValue{slow.Key(): {-1, 6}, fast.Key(): {-1, 2}}}
	// Outside analysis the tables answer at once: the faster win.
	res, infos := tableSearch(t, tb, p, Limits{Depth: 9})
	if res.Move != moves[1] || res.Score != Win-3 || res.Nodes != 0 {
		t.Errorf("result %s score %d nodes %d, want %s with %d and no search", p.FormatMove(res.Move), res.Score, res.Nodes, p.FormatMove(moves[1]), Win-3)
	}
	if len(infos) != 1 || infos[0].Score != Win-3 || infos[0].TBHits == 0 || len(infos[0].PV) == 0 || infos[0].PV[0] != moves[1] {
		t.Errorf("info lines %+v, want one with the table move, its score and table hits", infos)
	}
	// In analysis the position is searched, and the table scores below the
	// root give the same answer.
	res, _ = tableSearch(t, tb, p, Limits{Depth: 3, Analysis: true})
	if res.Move != moves[1] || res.Score != Win-3 || res.Nodes == 0 {
		t.Errorf("analysis result %s score %d nodes %d, want %s with %d, searched", p.FormatMove(res.Move), res.Score, res.Nodes, p.FormatMove(moves[1]), Win-3)
	}
}
