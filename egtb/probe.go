// Probing: the value of a position from the set of tables that covers its
// material, and the values of its moves.

package egtb

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// Tables is a set of solved tables, looked up by material. It is
// read-only once built and safe for concurrent use.
type Tables struct {
	byMat      [numCodes]*Table
	list       []*Table
	fullPieces int // covered by full tables (values and distances)
	wdl        [numCodes]*WDLTable
	wdlPieces  int // covered by full or WDL tables
	closed     atomic.Bool
}

// NewTables is the set of the given tables (one per material).
func NewTables(list []*Table) *Tables {
	t := &Tables{fullPieces: 1}
	for _, tab := range list {
		t.add(tab)
	}
	return t
}

// add puts tab in the set, replacing a table of the same material.
func (t *Tables) add(tab *Table) {
	t.remove(tab.Material())
	t.byMat[tab.Material().code()] = tab
	t.list = append(t.list, tab)
	t.countPieces()
}

// remove takes the table of material s out of the set.
func (t *Tables) remove(s Material) {
	if old := t.byMat[s.code()]; old != nil {
		t.list = slices.DeleteFunc(t.list, func(x *Table) bool { return x == old })
		t.byMat[s.code()] = nil
		t.countPieces()
	}
}

// addWDL puts a WDL table in the set, replacing one of the same material.
func (t *Tables) addWDL(w *WDLTable) {
	t.wdl[w.Material().code()] = w
	t.countPieces()
}

// countPieces sets fullPieces and wdlPieces from the tables of the set.
func (t *Tables) countPieces() {
	t.fullPieces = coveredPieces(func(s Material) bool { return t.byMat[s.code()] != nil })
	t.wdlPieces = coveredPieces(func(s Material) bool { return t.byMat[s.code()] != nil || t.wdl[s.code()] != nil })
}

// coveredPieces is the largest n such that has holds for every material
// of 2 to n pieces (1 when none).
func coveredPieces(has func(Material) bool) int {
	covered := 1
	for _, s := range Materials(MaxTablePieces) {
		if !has(s) {
			return min(covered, s.Pieces()-1)
		}
		covered = s.Pieces()
	}
	return covered
}

// FullPieces is the largest number of pieces such that every position with
// at most that many pieces is in a full table (values and distances), so
// that ProbeFull answers it (1 when no table is loaded: positions where a
// side has no piece need no table).
func (t *Tables) FullPieces() int { return t.fullPieces }

// Table is the table of material s, or nil.
func (t *Tables) Table(s Material) *Table {
	if !s.valid() {
		return nil
	}
	return t.byMat[s.code()]
}

// All are the tables of the set in generation order.
func (t *Tables) All() []*Table {
	order := map[Material]int{}
	for i, s := range Materials(t.largestFullTable()) {
		order[s] = i
	}
	all := slices.Clone(t.list)
	slices.SortFunc(all, func(a, b *Table) int { return order[a.Material()] - order[b.Material()] })
	return all
}

// largestFullTable is the most pieces of a loaded full table (0 when none).
func (t *Tables) largestFullTable() int {
	n := 0
	for _, tab := range t.list {
		n = max(n, tab.Material().Pieces())
	}
	return n
}

// MostPieces is the largest number of pieces of a position that some
// table of the set (full or WDL) covers: at least WDLPieces, more where
// tables of more pieces are loaded without their whole set (the 6-piece
// tables that build on one machine). A search probes no position with more.
func (t *Tables) MostPieces() int {
	n := max(t.wdlPieces, t.largestFullTable())
	for _, w := range t.wdl {
		if w != nil {
			n = max(n, w.Material().Pieces())
		}
	}
	return n
}

// ProbeFull is the value of p for its side to move, with ok false when no
// table covers p's material (or its table failed the check that
// OpenForSearch puts off to this first probe). Every position of a
// covered material is in its table, including those where a capture is pending (compulsory) and
// those that cannot arise in play. A position where one side has no piece
// needs no table: the side to move has lost if it has none, and otherwise
// wins in 1 if it has a move. ProbeFull allocates nothing.
func (t *Tables) ProbeFull(p *engine.Position) (r Result, ok bool) {
	if t.closed.Load() {
		return Result{}, false
	}
	white, black, kings := layout.WhiteToMove(p)
	if r, ok := withoutTable(p, white, black); ok {
		return r, true
	}
	return t.ProbeWhite(white, black, kings)
}

// withoutTable is the value of p when one side has no piece, which needs
// no table (ok false otherwise); white and black are p's pieces with White
// to move (layout.WhiteToMove).
func withoutTable(p *engine.Position, white, black uint64) (r Result, ok bool) {
	switch {
	case white == 0:
		return Result{WDL: Loss, DTW: 0}, true
	case black == 0:
		if p.HasQuietMove() { // with no enemy piece there is no capture
			return Result{WDL: Win, DTW: 1}, true
		}
		return Result{WDL: Loss, DTW: 0}, true
	}
	return Result{}, false
}

// groupsOf is the groups of a position with White to move and their
// material; ok is false when a group holds more pieces than a table can
// (MaxGroup).
func groupsOf(white, black, kings uint64) (g [layout.NumGroups]uint64, s Material, ok bool) {
	g = layout.Groups(white, black, kings)
	for i, c := range [layout.NumGroups]*int{&s.WhiteMen, &s.WhiteKings, &s.BlackMen, &s.BlackKings} {
		*c = bits.OnesCount64(g[i])
		if *c > MaxGroup {
			return g, s, false
		}
	}
	return g, s, true
}

// ProbeWhite is ProbeFull for the position of these pieces with White to move
// in which both sides have pieces, given as bit sets (the generator's
// lookup of a capture's or promotion's successor).
func (t *Tables) ProbeWhite(white, black, kings uint64) (Result, bool) {
	g, s, ok := groupsOf(white, black, kings)
	if !ok || t.closed.Load() {
		return Result{}, false
	}
	tab := t.byMat[s.code()]
	if tab == nil || !tab.usable() {
		return Result{}, false
	}
	return tab.result(tab.layout.Index(g)), true
}

// WDLPieces is the largest number of pieces such that ProbeWDL answers
// every position with at most that many pieces: FullPieces, or more where
// WDL tables (without distances) cover more.
func (t *Tables) WDLPieces() int { return t.wdlPieces }

// ProbeWDL is the value of p for its side to move, from the WDL table of
// its material if one is loaded, else from its full table; ok is false
// when neither covers p. It allocates nothing.
func (t *Tables) ProbeWDL(p *engine.Position) (w WDL, ok bool) {
	if t.closed.Load() {
		return Draw, false
	}
	white, black, kings := layout.WhiteToMove(p)
	if r, ok := withoutTable(p, white, black); ok {
		return r.WDL, true
	}
	g, s, ok := groupsOf(white, black, kings)
	if !ok {
		return Draw, false
	}
	if wt := t.wdl[s.code()]; wt != nil && wt.usable() {
		return wt.value(g), true
	}
	if tab := t.byMat[s.code()]; tab != nil && tab.usable() {
		return codeWDL[tab.code(tab.layout.Index(g))&3], true
	}
	return Draw, false
}

// ProbeAny is the value of p for its side to move from the table of its
// material if it is loaded (as ProbeFull), else from its WDL file, with
// no distance known (DistanceKnown false, DTW UnknownDistance); ok is
// false when neither covers p. It finds p's table once, where ProbeFull
// and then ProbeWDL would find it twice, and allocates nothing.
func (t *Tables) ProbeAny(p *engine.Position) (r Result, ok bool) {
	if t.closed.Load() {
		return Result{}, false
	}
	white, black, kings := layout.WhiteToMove(p)
	if r, ok := withoutTable(p, white, black); ok {
		return r, true
	}
	g, s, ok := groupsOf(white, black, kings)
	if !ok {
		return Result{}, false
	}
	if tab := t.byMat[s.code()]; tab != nil && tab.usable() {
		return tab.result(tab.layout.Index(g)), true
	}
	if wt := t.wdl[s.code()]; wt != nil && wt.usable() {
		return fromWDL(wt.value(g)), true
	}
	return Result{}, false
}

// codeWDL is the value of each code (unused slots hold no position).
var codeWDL = [4]WDL{frame.CodeDraw: Draw, frame.CodeWin: Win, frame.CodeLoss: Loss, frame.CodeUnused: Draw}

// MoveResult is a legal move and its value for the side that plays it.
type MoveResult struct {
	Move   engine.Move
	Result Result
}

// ProbeFullMoves is the value of each legal move of p for p's side to
// move from the full tables (ProbeFull), best first (moves of equal value
// in the generator's order); ok is false when some move leads outside
// them.
func (t *Tables) ProbeFullMoves(p *engine.Position) (moves []MoveResult, ok bool) {
	return probeMoves(p, t.ProbeFull)
}

// ProbeAnyMoves is ProbeFullMoves from whichever table holds each move's
// position, full or WDL (ProbeAny): a move into a position that a WDL
// file alone holds has no distance known. Its moves sort as ProbeFullMoves
// do, a win of unknown length after every known one.
func (t *Tables) ProbeAnyMoves(p *engine.Position) (moves []MoveResult, ok bool) {
	return probeMoves(p, t.ProbeAny)
}

// probeMoves is the value of each legal move of p by probe, best first; ok
// is false when probe does not answer for some move.
func probeMoves(p *engine.Position, probe func(*engine.Position) (Result, bool)) (moves []MoveResult, ok bool) {
	for _, m := range p.LegalMoves() {
		q := p.Play(m)
		r, ok := probe(&q)
		if !ok {
			return nil, false
		}
		moves = append(moves, MoveResult{m, r.Parent()})
	}
	slices.SortStableFunc(moves, func(a, b MoveResult) int { return b.Result.score() - a.Result.score() })
	return moves, true
}

// hasWDL reports whether the set holds a WDL table.
func (t *Tables) hasWDL() bool {
	for _, w := range t.wdl {
		if w != nil {
			return true
		}
	}
	return false
}
