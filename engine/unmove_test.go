// Tests of the retrograde views against the forward generator: moves and
// their effect agree with GenerateMoves and Play, and un-moves are exactly
// the quiet, non-crowning moves that lead to a position.

package engine

import (
	"math/rand/v2"
	"testing"
)

// randomWhiteToMove places 2 to 8 random pieces (men off their crowning
// rank), with White to move and each side holding at least one piece.
func randomWhiteToMove(rng *rand.Rand) Position {
	for {
		var white, black, kings Bitboard
		for range 2 + rng.IntN(7) {
			s := Bitboard(1) << rng.IntN(64)
			if (white|black)&s != 0 {
				continue
			}
			isKing := rng.IntN(2) == 0
			if rng.IntN(2) == 0 {
				white |= s
				if isKing || s&rank8 != 0 {
					kings |= s
				}
			} else {
				black |= s
				if isKing || s&rank1 != 0 {
					kings |= s
				}
			}
		}
		if white != 0 && black != 0 {
			p, err := NewPosition(white, black, kings, White)
			if err == nil {
				return p
			}
		}
	}
}

func TestWhiteMovesAndPlayMatchTheGenerator(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var l, want MoveList
	for range 3000 {
		p := randomWhiteToMove(rng)
		captures := WhiteMoves(p.white, p.black, p.kings, &l)
		p.GenerateMoves(&want)
		if captures != p.HasCapture() || captures != WhiteHasCapture(p.white, p.black, p.kings) || l.Len != want.Len {
			t.Fatalf("%v: %d moves (captures %v), the generator has %d", &p, l.Len, captures, want.Len)
		}
		for i, m := range l.Slice() {
			if m != want.Moves[i] {
				t.Fatalf("%v: move %d is %v, the generator's %v", &p, i, m, want.Moves[i])
			}
			q := p.Play(m)
			w, b, k := WhitePlay(p.white, p.black, p.kings, m)
			if w != q.white || b != q.black || k != q.kings {
				t.Fatalf("%v: WhitePlay(%v) differs from Play", &p, m)
			}
		}
	}
}

// TestWhiteMovesCountedMatchesWhiteMoves: the captures are WhiteMoves',
// else the crowning moves are its crowning moves, in its order, and the
// count is the number of its other moves.
func TestWhiteMovesCountedMatchesWhiteMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var l, all MoveList
	crowned := 0
	for range 5000 {
		p := randomWhiteToMove(rng)
		others, captures := WhiteMovesCounted(p.white, p.black, p.kings, &l)
		if WhiteMoves(p.white, p.black, p.kings, &all) != captures {
			t.Fatalf("%v: captures %v, WhiteMoves says otherwise", &p, captures)
		}
		var want []Move
		wantOthers := 0
		for _, m := range all.Slice() {
			if captures || p.Crowns(m) {
				want = append(want, m)
			} else {
				wantOthers++
			}
		}
		if l.Len != len(want) || others != wantOthers {
			t.Fatalf("%v: %d moves listed and %d counted, want %d and %d", &p, l.Len, others, len(want), wantOthers)
		}
		for i, m := range l.Slice() {
			if m != want[i] {
				t.Fatalf("%v: move %d is %v, want %v", &p, i, m, want[i])
			}
		}
		if !captures {
			crowned += l.Len
		}
	}
	if crowned < 100 {
		t.Fatalf("only %d crowning moves seen", crowned)
	}
}

// whiteUnmoves fills l with the un-moves of every white piece, from the
// squares of WhiteUnmoveSources.
func whiteUnmoves(white, black, kings Bitboard, l *MoveList) {
	l.Len = 0
	for pieces := white; pieces != 0; pieces &= pieces - 1 {
		to := firstSquare(pieces)
		for from := WhiteUnmoveSources(white, black, kings, to); from != 0; from &= from - 1 {
			l.add(Move{From: firstSquare(from), To: to})
		}
	}
}

// TestUnmovesAreTheQuietMovesBack: every quiet non-crowning move of a
// random position is an un-move of its result, leading back to the
// position; and every un-move of a random position leads back from a
// valid position, in which it is legal exactly when there is no capture,
// and then plays to the position again.
func TestUnmovesAreTheQuietMovesBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var moves, unmoves MoveList
	checkedForward, checkedBack := 0, 0
	for range 5000 {
		p := randomWhiteToMove(rng)
		if !WhiteMoves(p.white, p.black, p.kings, &moves) {
			for _, m := range moves.Slice() {
				w, b, k := WhitePlay(p.white, p.black, p.kings, m)
				if p.kings&(1<<m.From) == 0 && k&(1<<m.To) != 0 {
					continue // crowns
				}
				whiteUnmoves(w, b, k, &unmoves)
				if !unmoves.Contains(m) {
					t.Fatalf("%v: the move %v is not an un-move of its result", &p, m)
				}
				if pw, pb, pk := WhiteUnplay(w, b, k, m); pw != p.white || pb != p.black || pk != p.kings {
					t.Fatalf("%v: un-playing %v does not give the position back", &p, m)
				}
				checkedForward++
			}
		}
		whiteUnmoves(p.white, p.black, p.kings, &unmoves)
		for _, m := range unmoves.Slice() {
			pw, pb, pk := WhiteUnplay(p.white, p.black, p.kings, m)
			before, err := NewPosition(pw, pb, pk, White)
			if err != nil {
				t.Fatalf("%v: un-move %v leads to no position: %v", &p, m, err)
			}
			WhiteMoves(pw, pb, pk, &moves)
			if legal := moves.Contains(m); legal == WhiteHasCapture(pw, pb, pk) {
				t.Fatalf("%v: un-move %v from %v: legal %v, capture %v", &p, m, &before, legal, !legal)
			} else if legal {
				if w, b, k := WhitePlay(pw, pb, pk, m); w != p.white || b != p.black || k != p.kings {
					t.Fatalf("%v: un-move %v from %v plays elsewhere", &p, m, &before)
				}
				checkedBack++
			}
		}
	}
	if checkedForward < 20000 || checkedBack < 20000 {
		t.Fatalf("only %d moves and %d un-moves checked", checkedForward, checkedBack)
	}
}
