// Tests of the un-move generator against the engine's moves.

package gen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/egtb/internal/tbtest"
	"github.com/dameo/dameo/engine"
)

// TestUnmovesMatchMoves checks the un-move generator against the engine's
// move generator on random positions of up to 4 pieces: the predecessors
// of every quiet successor include the position, once, and every
// predecessor without a capture has a quiet move to the position or to its
// mirror image.
func TestUnmovesMatchMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var u unmover
	none := map[egtb.Material]decidedSet{} // by material, an empty set of its slots
	checked, positions := 0, 1000
	if tbtest.Race {
		positions = 200
	}
	for range positions {
		all := egtb.Materials(4)
		s := all[rng.IntN(len(all))]
		p := tbtest.RandomPosition(t, rng, s.Counts())
		white, black, kings := layout.WhiteToMove(&p)
		p, _ = engine.NewPosition(white, black, kings, engine.White)
		pg := layout.Groups(white, black, kings)
		s = egtb.MaterialOf(layout.CountsOf(&pg))
		from := layout.Of(s.Counts())
		slot := from.Index(pg)
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			cw, cb, ck := layout.WhiteToMove(&q)
			cg := layout.Groups(cw, cb, ck)
			if egtb.MaterialOf(layout.CountsOf(&cg)) != s.Swap() {
				continue // a capture or promotion
			}
			into := layout.Of(s.Swap().Counts())
			canon, _ := into.Position(into.Index(cg))
			after := swapColours(&canon)
			if none[s] == nil {
				none[s] = make(decidedSet, (from.Size+63)/64)
			}
			preds := u.predecessors(from, from.Index(after), none[s], 0)
			if !slices.Contains(preds, slot) {
				t.Fatalf("%v: the move %s leads to %v, whose predecessors %v miss slot %d", p, p.FormatMove(m), q, preds, slot)
			}
			for k, i := range preds {
				g, ok := from.Position(i)
				if !ok {
					t.Fatalf("predecessor slot %d of %v is unused", i, q)
				}
				if pg := u.position(k); from.Index(pg) != i {
					t.Fatalf("predecessor %d of %v: position %#x has slot %d, not %d", k, q, pg, from.Index(pg), i)
				}
				if slices.Contains(preds[:k], i) {
					t.Fatalf("predecessor slot %d of %v listed twice", i, q)
				}
				if engine.WhiteHasCapture(g[0]|g[1], g[2]|g[3], g[1]|g[3]) {
					continue // the capture would be compulsory: the generator's decided set holds it
				}
				if !hasQuietMoveTo(g, canon) {
					t.Fatalf("predecessor %#x (slot %d) of %v has no quiet move to it", g, i, q)
				}
			}
			checked++
		}
	}
	if checked < 3*positions {
		t.Fatalf("only %d quiet moves checked", checked)
	}
}

// hasQuietMoveTo reports whether White, to move in the position of groups
// g, has a move without capture or promotion to the position c (with White
// to move after the colour swap) or to its mirror image.
func hasQuietMoveTo(g, c [layout.NumGroups]uint64) bool {
	p, err := engine.NewPosition(g[0]|g[1], g[2]|g[3], g[1]|g[3], engine.White)
	if err != nil {
		return false
	}
	for _, m := range p.LegalMoves() {
		q := p.Play(m)
		w, b, k := layout.WhiteToMove(&q)
		h := layout.Groups(w, b, k)
		if quiet := egtb.MaterialOf(layout.CountsOf(&h)) == egtb.MaterialOf(layout.CountsOf(&g)).Swap(); quiet && (h == c || h == layout.MirrorGroups(c)) {
			return true
		}
	}
	return false
}
