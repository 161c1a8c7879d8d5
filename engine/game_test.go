package engine

import (
	"slices"
	"testing"
)

func playAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// positionAndMove parses a position text and a move in it.
func positionAndMove(t *testing.T, pos, move string) (Position, Move) {
	t.Helper()
	p, err := ParsePosition(pos)
	if err != nil {
		t.Fatalf("%q: %v", pos, err)
	}
	m, err := p.ParseMove(move)
	if err != nil {
		t.Fatalf("%q %s: %v", pos, move, err)
	}
	return p, m
}

func TestThreefoldRepetition(t *testing.T) {
	p, err := ParsePosition("7B/8/8/8/8/8/8/W7 w")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p)
	cycle := []string{"a1-a2", "h8-h7", "a2-a1", "h7-h8"}
	playAll(t, g, cycle...)
	if g.Repetitions() != 2 || g.Result() != Ongoing {
		t.Fatalf("after one cycle: %d repetitions, result %v", g.Repetitions(), g.Result())
	}
	playAll(t, g, cycle[:3]...)
	if g.Result() != Ongoing {
		t.Fatalf("mid-cycle: result %v", g.Result())
	}
	playAll(t, g, cycle[3])
	if g.Repetitions() != 3 || g.Result() != Draw {
		t.Fatalf("after two cycles: %d repetitions, result %v, want 3 and draw", g.Repetitions(), g.Result())
	}
	if g.NoProgressPlies() != 8 {
		t.Errorf("no-progress plies %d, want 8", g.NoProgressPlies())
	}
	g.Undo()
	if g.Result() != Ongoing || len(g.Moves()) != 7 {
		t.Errorf("after undo: result %v with %d moves", g.Result(), len(g.Moves()))
	}
}

func TestNoProgressCounter(t *testing.T) {
	p, err := ParsePosition("7B/8/8/8/8/8/3w4/W7 w")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p)
	for _, step := range []struct {
		move string
		want int
	}{
		{"a1-a2", 1}, {"h8-h7", 2}, // king moves count
		{"d2-d3", 0}, // a man move resets the counter
		{"h7-h4", 1}, {"a2-b2", 2}, {"h4-d4", 3},
		{"d3xd5", 0}, // and so does a capture
	} {
		playAll(t, g, step.move)
		if got := g.NoProgressPlies(); got != step.want {
			t.Errorf("after %s: %d plies without progress, want %d", step.move, got, step.want)
		}
	}
}

func TestPlayTextLeavesGameOnError(t *testing.T) {
	g := NewGame(StartPosition())
	before := g.Position()
	if _, err := g.PlayText("d3-d6"); err == nil {
		t.Fatal("illegal move accepted")
	}
	if g.Position() != before || len(g.Moves()) != 0 {
		t.Error("an illegal move changed the game")
	}
}

// TestCopyMakeAndZobrist checks over many random games that Play leaves its
// position unchanged, keeps the piece sets consistent and updates the key
// to exactly the key computed from scratch.
func TestCopyMakeAndZobrist(t *testing.T) {
	positions := 0
	randomGames(300, 200, func(p *Position, _ *Game) {
		before := *p
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			if *p != before {
				t.Fatalf("Play changed its position %v", before)
			}
			if q.white&q.black != 0 || q.kings&^(q.white|q.black) != 0 {
				t.Fatalf("%v after %s: inconsistent sets", p, p.FormatMove(m))
			}
			if q.Key() != q.computeKey() {
				t.Fatalf("%v after %s: incremental key %x, from scratch %x", p, p.FormatMove(m), q.Key(), q.computeKey())
			}
			if q.SideToMove() == p.SideToMove() {
				t.Fatalf("%v after %s: side to move unchanged", p, p.FormatMove(m))
			}
			if got := popCount(q.Pieces(p.SideToMove().Other())); got != popCount(p.Pieces(p.SideToMove().Other()))-m.CaptureCount() {
				t.Fatalf("%v after %s: %d enemy pieces left", p, p.FormatMove(m), got)
			}
		}
		positions++
	})
	if positions < 10000 {
		t.Errorf("only %d positions checked", positions)
	}
}

// TestCountMatchesGenerate checks the counting shortcuts of bulk perft
// against the generated lists.
func TestCountMatchesGenerate(t *testing.T) {
	randomGames(200, 200, func(p *Position, _ *Game) {
		n, m := p.CountMoves(), len(p.LegalMoves())
		if n != m {
			t.Fatalf("%v: CountMoves %d, generated %d", p, n, m)
		}
		if !p.HasCapture() && p.HasQuietMove() != (m > 0) {
			t.Fatalf("%v: HasQuietMove %v with %d moves", p, p.HasQuietMove(), m)
		}
		// The same with all men crowned, to test the kings' steps.
		k, err := NewPosition(p.Pieces(White), p.Pieces(Black), p.Occupied(), p.SideToMove())
		if err == nil && !k.HasCapture() && k.HasQuietMove() != (k.CountMoves() > 0) {
			t.Fatalf("%v: HasQuietMove %v with %d moves", k, k.HasQuietMove(), k.CountMoves())
		}
	})
}

// TestGenerateSplit checks that GenerateCaptures and GenerateQuiet, chosen
// by HasCapture, list what GenerateMoves lists, in the same order.
func TestGenerateSplit(t *testing.T) {
	var all, part MoveList
	randomGames(200, 200, func(p *Position, _ *Game) {
		p.GenerateMoves(&all)
		p.GenerateCaptures(&part)
		if (part.Len > 0) != p.HasCapture() {
			t.Fatalf("%v: %d captures generated, HasCapture %v", p, part.Len, p.HasCapture())
		}
		if !p.HasCapture() {
			p.GenerateQuiet(&part)
		}
		if !slices.Equal(all.Slice(), part.Slice()) {
			t.Fatalf("%v: GenerateMoves %v, split %v", p, all.Slice(), part.Slice())
		}
	})
}

func TestIsIrreversible(t *testing.T) {
	for _, tc := range []struct {
		pos, move string
		want      bool
	}{
		{"8/8/8/8/8/8/3w4/W7 w", "d2-d3", true},  // a man's step
		{"8/8/8/8/8/3w4/3w4/8 w", "d2-d4", true}, // a man's linear move
		{"8/8/8/8/8/8/3w4/W7 w", "a1-a4", false}, // a king's slide
		{"8/8/8/8/3b4/3w4/8/8 w", "d3xd5", true}, // a man's capture
		{"8/8/8/8/3b4/8/8/3W4 w", "d1xd5", true}, // a king's capture
		{"8/3w4/8/8/8/8/8/8 w", "d7-d8", true},   // crowning
	} {
		p, m := positionAndMove(t, tc.pos, tc.move)
		if got := p.IsIrreversible(m); got != tc.want {
			t.Errorf("%q %s: irreversible %v, want %v", tc.pos, tc.move, got, tc.want)
		}
	}
}
