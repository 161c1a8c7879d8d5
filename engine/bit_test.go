// Tests of the exported board geometry: file and rank masks, shifts and
// mirroring, against square coordinates.

package engine

import (
	"math/rand/v2"
	"testing"
)

func TestFileAndRankMasks(t *testing.T) {
	if FileMask(0) != 0x0101010101010101 || FileMask(7) != 0x8080808080808080 {
		t.Errorf("files a and h: %#x %#x", FileMask(0), FileMask(7))
	}
	if RankMask(0) != 0xFF || RankMask(7) != 0xFF<<56 {
		t.Errorf("ranks 1 and 8: %#x %#x", RankMask(0), RankMask(7))
	}
	var files, ranks Bitboard
	for i := range 8 {
		f, r := FileMask(i), RankMask(i)
		if popCount(f) != 8 || popCount(r) != 8 || files&f != 0 || ranks&r != 0 {
			t.Errorf("file %d %#x or rank %d %#x: not 8 new squares", i, f, i, r)
		}
		files |= f
		ranks |= r
	}
	if files != ^Bitboard(0) || ranks != ^Bitboard(0) {
		t.Errorf("files cover %#x, ranks %#x, want the whole board", files, ranks)
	}
	for s := Square(0); s < 64; s++ {
		if FileMask(s.File())&RankMask(s.Rank()) != 1<<s {
			t.Errorf("%v: file %d and rank %d meet on %#x", s, s.File(), s.Rank(), FileMask(s.File())&RankMask(s.Rank()))
		}
	}
	for _, i := range []int{-1, 8, 64, -64} {
		if FileMask(i) != 0 || RankMask(i) != 0 {
			t.Errorf("masks of %d: %#x %#x, want empty", i, FileMask(i), RankMask(i))
		}
	}
}

// step is the square one step (df, dr) from s, and false off the board.
func step(s Square, df, dr int) (Square, bool) {
	f, r := s.File()+df, s.Rank()+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare, false
	}
	return Square(8*r + f), true
}

func TestShifts(t *testing.T) {
	shifts := []struct {
		name   string
		shift  func(Bitboard) Bitboard
		df, dr int
	}{
		{"North", North, 0, 1}, {"South", South, 0, -1}, {"East", East, 1, 0}, {"West", West, -1, 0},
		{"NorthEast", NorthEast, 1, 1}, {"NorthWest", NorthWest, -1, 1},
		{"SouthEast", SouthEast, 1, -1}, {"SouthWest", SouthWest, -1, -1},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sh := range shifts {
		for s := Square(0); s < 64; s++ {
			var want Bitboard
			if to, ok := step(s, sh.df, sh.dr); ok {
				want = 1 << to
			}
			if got := sh.shift(1 << s); got != want {
				t.Errorf("%s(%v) = %#x, want %#x", sh.name, s, got, want)
			}
		}
		for range 200 {
			b := rng.Uint64() & rng.Uint64()
			var want Bitboard
			for x := b; x != 0; x &= x - 1 {
				want |= sh.shift(x & -x)
			}
			if got := sh.shift(b); got != want {
				t.Errorf("%s(%#x) = %#x, want the union of its squares' shifts %#x", sh.name, b, got, want)
			}
		}
	}
}

func TestOrient(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for s := Square(0); s < 64; s++ {
		mirrored := Square(8*(7-s.Rank()) + s.File())
		if got := Orient(1<<s, Black); got != 1<<mirrored {
			t.Errorf("Orient(%v, Black) = %#x, want %v", s, got, mirrored)
		}
	}
	for range 200 {
		b := rng.Uint64()
		if Orient(b, White) != b || Orient(Orient(b, Black), Black) != b || popCount(Orient(b, Black)) != popCount(b) {
			t.Errorf("Orient(%#x): White %#x, Black %#x", b, Orient(b, White), Orient(b, Black))
		}
	}
	start := StartPosition()
	if Orient(start.Men(Black), Black) != start.Men(White) {
		t.Errorf("the start position is not symmetric under Orient")
	}
}
