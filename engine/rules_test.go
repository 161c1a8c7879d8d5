package engine

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// movesOf lists the legal moves of the position text in full notation, sorted.
func movesOf(t *testing.T, text string) []string {
	t.Helper()
	p, err := ParsePosition(text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	var names []string
	for _, m := range p.LegalMoves() {
		names = append(names, p.FormatMove(m))
	}
	sort.Strings(names)
	return names
}

// movesFrom keeps the moves starting on square s (its name is their prefix).
func movesFrom(moves []string, s string) []string {
	var out []string
	for _, m := range moves {
		if strings.HasPrefix(m, s) {
			out = append(out, m)
		}
	}
	return out
}

func expectMoves(t *testing.T, text string, want ...string) {
	t.Helper()
	got := movesOf(t, text)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got %v\nwant %v", text, got, want)
	}
}

func TestRuleManSteps(t *testing.T) {
	// A man steps straight or diagonally forward, never back or sideways.
	expectMoves(t, "8/8/8/8/3w4/8/8/8 w", "d4-c5", "d4-d5", "d4-e5")
	expectMoves(t, "8/8/8/3b4/8/8/8/8 b", "d5-c4", "d5-d4", "d5-e4")
	// On the edge only the directions that stay on the board remain.
	expectMoves(t, "8/8/8/8/w7/8/8/8 w", "a4-a5", "a4-b5")
}

func TestRuleLinearMove(t *testing.T) {
	// d2 jumps the line d3 and lands on d4; d3 steps normally.
	expectMoves(t, "8/8/8/8/8/3w4/3w4/8 w",
		"d2-c3", "d2-d4", "d2-e3", "d3-c4", "d3-d4", "d3-e4")
	// A line of three: each man behind the head moves to the same square a5.
	expectMoves(t, "8/8/8/8/w7/w7/w7/w7 w",
		"a1-a5", "a1-b2", "a2-a5", "a2-b3", "a3-a5", "a3-b4", "a4-a5", "a4-b5")
	// Diagonal lines work the same way: c1 over d2 and e3 to f4.
	got := movesFrom(movesOf(t, "8/8/8/8/8/4w3/3w4/2w5 w"), "c1")
	if want := []string{"c1-b2", "c1-c2", "c1-f4"}; !slices.Equal(got, want) {
		t.Errorf("diagonal line: got %v, want %v", got, want)
	}
	// Black's lines run toward rank 1.
	got = movesFrom(movesOf(t, "8/3b4/3b4/8/8/8/8/8 b"), "d7")
	if want := []string{"d7-c6", "d7-d5", "d7-e6"}; !slices.Equal(got, want) {
		t.Errorf("black line: got %v, want %v", got, want)
	}
}

func TestRuleLinearMoveBlocked(t *testing.T) {
	// An own king ends the line: d2 cannot jump d3 and the king on d4.
	got := movesFrom(movesOf(t, "8/8/8/8/3W4/3w4/3w4/8 w"), "d2")
	if want := []string{"d2-c3", "d2-e3"}; !slices.Equal(got, want) {
		t.Errorf("own king: got %v, want %v", got, want)
	}
	// An enemy piece ends the line: c1 cannot jump d2 to e3.
	expectMoves(t, "8/8/8/8/8/4b3/3w4/2w5 w", "c1-b2", "c1-c2", "d2-c3", "d2-d3")
	// The edge: g6 cannot jump h7 (nothing beyond it).
	expectMoves(t, "8/7w/6w1/8/8/8/8/8 w", "g6-f7", "g6-g7", "h7-g8", "h7-h8")
}

func TestRuleKingSlides(t *testing.T) {
	// A lone king in the centre reaches 27 squares.
	if got := movesOf(t, "8/8/8/8/3W4/8/8/8 w"); len(got) != 27 {
		t.Errorf("king d4: %d moves, want 27: %v", len(got), got)
	}
	// Pieces stop the slide: own man on d6 and enemy on f4 (not capturable:
	// g4 is occupied) leave the king d5 and e4 on those lines.
	got := movesFrom(movesOf(t, "8/8/3w4/8/3WbB2/8/8/8 w"), "d4")
	for _, bad := range []string{"d4-d6", "d4-d7", "d4-e4", "d4-f4"} {
		if slices.Contains(got, bad) {
			t.Errorf("king slid through a piece: %s in %v", bad, got)
		}
	}
	if !slices.Contains(got, "d4-d5") || !slices.Contains(got, "d4-a4") {
		t.Errorf("king lost a free square: %v", got)
	}
}

func TestRuleManCapturesOrthogonally(t *testing.T) {
	// Forward, backward and sideways, but never diagonally (e5 is safe).
	expectMoves(t, "8/8/8/3bb3/2bw4/3b4/8/8 w", "d4xb4", "d4xd2", "d4xd6")
}

func TestRuleCaptureIsCompulsory(t *testing.T) {
	// The man on a1 may not step while h1 can capture.
	expectMoves(t, "8/8/8/8/8/8/7b/w6w w", "h1xh3")
}

func TestRuleMajorityAcrossPieces(t *testing.T) {
	// a1 takes one, h1 takes two: only h1's capture is legal.
	expectMoves(t, "8/8/8/8/7b/8/b6b/w6w w", "h1xh3xh5")
	// A king taking one loses to a man taking two.
	expectMoves(t, "8/8/8/8/7b/8/7b/W3B2w w", "h1xh3xh5")
	// A king taking two beats a man taking one.
	expectMoves(t, "8/8/8/8/8/8/b7/w2B2BW w", "h1xe1xb1", "h1xe1xc1")
	// Kings and men count the same: taking a king and a man (two) beats one.
	expectMoves(t, "8/8/8/8/7B/8/b6b/w6w w", "h1xh3xh5")
}

func TestRuleKingLongLeap(t *testing.T) {
	// The king passes empty squares, jumps a3 and may land on a4 to a8.
	expectMoves(t, "8/8/8/8/8/b7/8/W7 w", "a1xa4", "a1xa5", "a1xa6", "a1xa7", "a1xa8")
	// Landing squares end at the next piece: a6 stops the landings at a5.
	got := movesOf(t, "8/8/w7/8/8/b7/8/W7 w")
	if want := []string{"a1xa4", "a1xa5"}; !slices.Equal(got, want) {
		t.Errorf("landings before a piece: got %v, want %v", got, want)
	}
}

func TestRuleJumpedPieceBlocks(t *testing.T) {
	// The king takes d3, b6 and a4; on rank 3 it would reach f3, but d3 stays
	// on the board until the move is over and blocks the way.
	expectMoves(t, "8/8/1b6/8/b7/3b1b2/8/3W4 w", "d1xd6xa6xa1", "d1xd6xa6xa2", "d1xd6xa6xa3")
	// A man never jumps the same piece twice: d4xd6 cannot return over d5
	// even though d4, its start square, is empty.
	expectMoves(t, "8/8/8/3b4/3w4/8/8/8 w", "d4xd6")
}

func TestRuleSamePathsAreOneMove(t *testing.T) {
	// Landing on a5, a4 or a3 and then taking a2 gives the same start, final
	// square and captured set: one move.
	expectMoves(t, "W7/8/b7/8/8/8/b7/8 w", "a8xa3xa1")
}

func TestRuleCaptureEndsOnStartSquare(t *testing.T) {
	// Around the square and back home; both directions are the same move.
	expectMoves(t, "8/8/4b3/3b1b2/3wb3/8/8/8 w", "d4xd6xf6xf4xd4")
}

func TestRulePromotionOnlyAtTheEnd(t *testing.T) {
	// c6 reaches c8 mid-capture and goes on as a man to e6: no king.
	p, err := ParsePosition("3b4/2b1b3/2w5/8/8/8/8/8 w")
	if err != nil {
		t.Fatal(err)
	}
	moves := p.LegalMoves()
	if len(moves) != 1 || p.FormatMove(moves[0]) != "c6xc8xe8xe6" {
		t.Fatalf("got %v, want only c6xc8xe8xe6", moves)
	}
	q := p.Play(moves[0])
	if q.Kings(White) != 0 || q.Men(White) != 1<<mustSquare(t, "e6") {
		t.Errorf("after c6xc8xe8xe6: %v, want a white man on e6", q)
	}
	// On c8 a man cannot leap to f8 as a king would: it stops and is crowned.
	p, _ = ParsePosition("5b2/2b5/2w5/8/8/8/8/8 w")
	moves = p.LegalMoves()
	if len(moves) != 1 || p.FormatMove(moves[0]) != "c6xc8" {
		t.Fatalf("got %v, want only c6xc8", moves)
	}
	q = p.Play(moves[0])
	if q.Kings(White) != 1<<mustSquare(t, "c8") {
		t.Errorf("after c6xc8: %v, want a white king on c8", q)
	}
	// Steps and linear moves onto the far rank crown too.
	p, _ = ParsePosition("8/3w4/3w4/8/8/8/8/8 w")
	m, err := p.ParseMove("d6-d8")
	if err != nil {
		t.Fatal(err)
	}
	q = p.Play(m)
	if q.Kings(White) != 1<<mustSquare(t, "d8") {
		t.Errorf("after linear d6-d8: %v, want a king on d8", q)
	}
	p, _ = ParsePosition("8/8/8/8/8/8/3b4/8 b")
	m, _ = p.ParseMove("d2-d1")
	if q = p.Play(m); q.Kings(Black) != 1<<mustSquare(t, "d1") {
		t.Errorf("after d2-d1: %v, want a black king on d1", q)
	}
}

func TestRuleNoMoveLoses(t *testing.T) {
	for _, text := range []string{
		"8/8/8/8/8/8/8/8 w",    // no pieces at all
		"8/8/8/8/8/8/8/3B4 w",  // only the opponent has pieces
		"bb6/w7/8/8/8/8/8/8 w", // a man boxed in, with nothing to capture
	} {
		p, err := ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		if n := p.CountMoves(); n != 0 {
			t.Errorf("%s: %d moves, want none", text, n)
		}
		if got := NewGame(p).Result(); got != Loss {
			t.Errorf("%s: result %v, want loss", text, got)
		}
	}
}

func mustSquare(t *testing.T, name string) Square {
	t.Helper()
	s, err := ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
