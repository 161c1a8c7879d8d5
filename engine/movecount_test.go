package engine

import (
	"math/rand/v2"
	"testing"
)

// The positions with the most legal moves found by searchMoveCount, with
// their counts: the move list must hold them all.
var mostMoves = []struct {
	text  string
	moves int
}{
	// Quiet moves: kings and lines of men on an open board.
	{"BWW5/Bw3B2/b4b1b/WWWW2W1/W2wW3/4WwW1/WW2w3/2W5 w", 128},
	// Captures: white kings among black pieces, each taken in many orders
	// and landing on many squares, all of the same (majority) length.
	{"WW1WW1WW/5w1W/B4b2/1bbbbWBb/5B2/Wb3B2/b1Bbwwbb/5B2 w", 1192},
}

func TestLargestMoveCounts(t *testing.T) {
	for _, c := range mostMoves {
		p, err := ParsePosition(c.text)
		if err != nil {
			t.Fatal(err)
		}
		var l MoveList
		p.GenerateMoves(&l)
		if l.Len != c.moves || l.Len >= MaxMoves {
			t.Errorf("%s: %d moves, want %d below MaxMoves %d", c.text, l.Len, c.moves, MaxMoves)
		}
		if n := p.CountMoves(); n != l.Len {
			t.Errorf("%s: CountMoves %d, generated %d", c.text, n, l.Len)
		}
		seen := make(map[Move]bool)
		for _, m := range l.Slice() {
			if seen[m] || m.CaptureCount() != l.Moves[0].CaptureCount() {
				t.Fatalf("%s: move %v repeated or of another length", c.text, p.FormatMove(m))
			}
			seen[m] = true
		}
	}
}

// searchMoveCount climbs from a random position toward more legal moves
// (of the kind asked: captures or quiet moves): a few squares changed at a
// time, the change kept when the count does not fall (and now and then
// anyway), for White to move with at most 18 pieces a side.
func searchMoveCount(rng *rand.Rand, steps int, captures bool) (Position, int) {
	var l MoveList
	var board [64]byte
	pieces := []byte{0, 'w', 'W', 'b', 'B'}
	board[rng.IntN(64)] = 'B'
	var best Position
	most, current := 0, 0
	for range steps {
		next := board
		for range 1 + rng.IntN(3) {
			next[rng.IntN(64)] = pieces[rng.IntN(len(pieces))]
		}
		var white, black, kings Bitboard
		for s, c := range next {
			switch c {
			case 'w', 'W':
				white |= 1 << s
			case 'b', 'B':
				black |= 1 << s
			}
			if c == 'W' || c == 'B' {
				kings |= 1 << s
			}
		}
		p, err := NewPosition(white, black, kings, White)
		if err != nil || black == 0 {
			continue
		}
		p.GenerateMoves(&l)
		n := l.Len
		if n > 0 && l.Moves[0].IsCapture() != captures {
			n = 0
		}
		if n >= current || rng.IntN(50) == 0 {
			board, current = next, n
			if n > most {
				best, most = p, n
			}
		}
	}
	return best, most
}

// TestSearchMoveCount (with -move-count-search; minutes) runs the search
// that found mostMoves and checks that nothing it finds fills the list.
func TestSearchMoveCount(t *testing.T) {
	if !*moveCountSearch {
		t.Skip("the search for large move counts takes minutes; run with -move-count-search")
	}
	for _, captures := range []bool{false, true} {
		for seed := range uint64(8) {
			p, n := searchMoveCount(rand.New(rand.NewPCG(seed, 99)), 600000, captures)
			t.Logf("captures %v, seed %d: %d moves in %v", captures, seed, n, p)
			if n >= MaxMoves {
				t.Errorf("%v has at least MaxMoves %d moves: the list is too small", p, MaxMoves)
			}
		}
	}
}
