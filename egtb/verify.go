// Verification: every slot's value is the best of its successors' values
// (a position without moves is lost in 0), and unused slots are exactly
// those without a position.

package egtb

import (
	"context"
	"fmt"
	"time"

	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// Verify checks every table of t against its successors, which must be in
// t too, in generation order, and the WDL table of the same material (if
// loaded) against it, calling progress (if set) after each table.
func (t *Tables) Verify(ctx context.Context, threads int, progress func(tab *Table, elapsed time.Duration)) error {
	for _, tab := range t.All() {
		start := time.Now()
		if err := t.VerifyTable(ctx, tab, threads); err != nil {
			return fmt.Errorf("table %v: %w", tab.Material(), err)
		}
		if w := t.wdl[tab.Material().code()]; w != nil {
			if w.isClosed() {
				return errClosed
			}
			if err := w.sameValues(tab); err != nil {
				return fmt.Errorf("WDL table %v: %w", tab.Material(), err)
			}
		}
		if progress != nil {
			progress(tab, time.Since(start))
		}
	}
	return nil
}

// VerifyTable checks every slot of tab against its successors in t.
func (t *Tables) VerifyTable(ctx context.Context, tab *Table, threads int) error {
	if t.closed.Load() || tab.isClosed() {
		return errClosed
	}
	lists := make([]engine.MoveList, max(threads, 1))
	return layout.ForChunks(ctx, threads, tab.layout.Size, func(w int, lo, hi uint64) error {
		for i := lo; i < hi; i++ {
			if err := t.verifySlot(tab, i, &lists[w]); err != nil {
				return err
			}
		}
		return nil
	})
}

// verifySlot checks slot i of tab, using moves as scratch.
func (t *Tables) verifySlot(tab *Table, i uint64, moves *engine.MoveList) error {
	g, ok := tab.layout.Position(i)
	if unused := tab.code(i) == frame.CodeUnused; unused || !ok {
		if unused != !ok {
			return fmt.Errorf("slot %d: marked unused %v, holds a position %v", i, unused, ok)
		}
		return nil
	}
	white, black, kings := g[layout.GroupWhiteMen]|g[layout.GroupWhiteKings], g[layout.GroupBlackMen]|g[layout.GroupBlackKings], g[layout.GroupWhiteKings]|g[layout.GroupBlackKings]
	engine.WhiteMoves(white, black, kings, moves)
	best := Result{WDL: Loss, DTW: 0}
	for j, m := range moves.Slice() {
		w2, b2, k2 := engine.WhitePlay(white, black, kings, m)
		r := Result{WDL: Loss, DTW: 0} // Black has no piece left
		if b2 != 0 {
			if r, ok = t.ProbeWhite(layout.Flip(b2), layout.Flip(w2), layout.Flip(k2)); !ok {
				p, _ := tab.position(i)
				return fmt.Errorf("%v: the move %s leads to a position without a table", &p, p.FormatMove(m))
			}
		}
		if r = r.Parent(); j == 0 || r.Better(best) {
			best = r
		}
	}
	if got := tab.result(i); got != best {
		p, _ := tab.position(i)
		return fmt.Errorf("%v: stored %v, the best move gives %v", &p, got, best)
	}
	return nil
}

// sameValues checks that every used slot of tab has its value in w.
func (w *WDLTable) sameValues(tab *Table) error {
	for i := range tab.layout.Size {
		if c := tab.code(i); c != frame.CodeUnused && w.code(i) != c {
			return fmt.Errorf("slot %d: %v, the full table says %v", i, codeWDL[w.code(i)], codeWDL[c])
		}
	}
	return nil
}
