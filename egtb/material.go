// Materials: the piece counts that name a table, their order of
// generation (every table after the tables its moves can lead into) and
// their file names.

package egtb

import (
	"fmt"
	"github.com/dameo/dameo/egtb/internal/layout"
	"slices"
)

// Material is the material of a position with White to move: the numbers
// of white men, white kings, black men and black kings. Tables are stored
// for White to move only; a position with Black to move is looked up as its
// colour-swapped, board-flipped image, whose material is Swap().
type Material struct {
	WhiteMen, WhiteKings, BlackMen, BlackKings int
}

// MaxGroup bounds each of a material's four counts (a limit of the index
// arithmetic, far above any table that can be built).
const MaxGroup = layout.MaxGroup

// MaxTablePieces is the most pieces a table may have: the limit of the
// generator's memory and of the loader's trust in a header.
const MaxTablePieces = 6

// Pieces is the total number of pieces.
func (s Material) Pieces() int { return s.WhiteMen + s.WhiteKings + s.BlackMen + s.BlackKings }

// Men is the number of men of both colours.
func (s Material) Men() int { return s.WhiteMen + s.BlackMen }

// Swap is the material with the colours exchanged.
func (s Material) Swap() Material {
	return Material{s.BlackMen, s.BlackKings, s.WhiteMen, s.WhiteKings}
}

// valid reports whether s names a table: counts within bounds and both
// sides with at least one piece.
func (s Material) valid() bool {
	for _, n := range s.Counts() {
		if n < 0 || n > MaxGroup {
			return false
		}
	}
	return s.WhiteMen+s.WhiteKings > 0 && s.BlackMen+s.BlackKings > 0
}

// MaterialOf is the material of these counts (see Counts).
func MaterialOf(c [layout.NumGroups]int) Material {
	return Material{c[0], c[1], c[2], c[3]}
}

// Counts are the four counts in group order (the counts of a layout).
func (s Material) Counts() [layout.NumGroups]int {
	return [layout.NumGroups]int{s.WhiteMen, s.WhiteKings, s.BlackMen, s.BlackKings}
}

// code is a dense number for s, used to index arrays of tables.
func (s Material) code() int {
	return ((s.WhiteMen*(MaxGroup+1)+s.WhiteKings)*(MaxGroup+1)+s.BlackMen)*(MaxGroup+1) + s.BlackKings
}

// numCodes bounds Material.code.
const numCodes = (MaxGroup + 1) * (MaxGroup + 1) * (MaxGroup + 1) * (MaxGroup + 1)

// String is the four counts as digits, e.g. "1021": one white man, no white
// king, two black men, one black king.
func (s Material) String() string {
	return fmt.Sprintf("%d%d%d%d", s.WhiteMen, s.WhiteKings, s.BlackMen, s.BlackKings)
}

// ParseMaterial reads the four-digit form written by String.
func ParseMaterial(text string) (Material, error) {
	if len(text) != 4 {
		return Material{}, fmt.Errorf("bad material %q: want four digits (white men, white kings, black men, black kings)", text)
	}
	var c [4]int
	for i := range c {
		if text[i] < '0' || text[i] > '0'+MaxGroup {
			return Material{}, fmt.Errorf("bad material %q: each count must be a digit 0 to %d", text, MaxGroup)
		}
		c[i] = int(text[i] - '0')
	}
	s := Material{c[0], c[1], c[2], c[3]}
	if !s.valid() {
		return Material{}, fmt.Errorf("bad material %q: each side needs at least one piece", text)
	}
	return s, nil
}

// FileName is the name of s's table file: the material and ".egtb".
func (s Material) FileName() string { return s.String() + FileExt }

// FileExt ends the name of a table file, after the material.
const FileExt = ".egtb"

// Materials lists every material of 2 to maxPieces pieces in generation
// order: by number of pieces, then number of men, so that the tables a
// move can lead into (a capture removes a piece, a promotion turns a man
// into a king) come first. A material is followed at once by its swap,
// with which it is generated (a move of one leads into the other).
func Materials(maxPieces int) []Material {
	var all []Material
	for n := 2; n <= maxPieces; n++ {
		for wm := 0; wm <= min(n, MaxGroup); wm++ {
			for wk := 0; wm+wk <= n && wk <= MaxGroup; wk++ {
				for bm := 0; wm+wk+bm <= n && bm <= MaxGroup; bm++ {
					s := Material{wm, wk, bm, n - wm - wk - bm}
					if s.valid() {
						all = append(all, s)
					}
				}
			}
		}
	}
	slices.SortStableFunc(all, func(a, b Material) int {
		if a.Pieces() != b.Pieces() {
			return a.Pieces() - b.Pieces()
		}
		return a.Men() - b.Men()
	})
	// Pair each material with its swap: the pair is one unit of generation.
	var ordered []Material
	seen := make(map[Material]bool)
	for _, s := range all {
		if seen[s] {
			continue
		}
		seen[s] = true
		ordered = append(ordered, s)
		if w := s.Swap(); !seen[w] {
			seen[w] = true
			ordered = append(ordered, w)
		}
	}
	return ordered
}

// Needs lists the tables that a capture or a promotion from a position
// of s (White to move) can lead into, as materials of the position after
// the move seen with White to move (the colour swap). A move that takes
// Black's last piece needs no table.
func (s Material) Needs() []Material {
	var needs []Material
	for crowned := 0; crowned <= min(1, s.WhiteMen); crowned++ {
		for bm := 0; bm <= s.BlackMen; bm++ {
			for bk := 0; bk <= s.BlackKings; bk++ {
				if bm+bk == 0 || (crowned == 0 && bm == s.BlackMen && bk == s.BlackKings) {
					continue
				}
				needs = append(needs, Material{bm, bk, s.WhiteMen - crowned, s.WhiteKings + crowned})
			}
		}
	}
	return needs
}

// Size is the number of slots of s's table: its positions with White to
// move up to the mirror, and a few slots without a position.
func Size(s Material) uint64 {
	if !s.valid() {
		return 0
	}
	return layout.Of(s.Counts()).Size
}
