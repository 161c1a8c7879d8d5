// Tests of the server's replies: the kind of change of the move tree that
// a state says it carries.

package gui

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

// TestTreeDeltaSaysItsChange: the page follows the kind of change the
// server names (gui/static/movelist.js), so each kind must be named
// exactly when it happened.
func TestTreeDeltaSaysItsChange(t *testing.T) {
	tr := newTree(engine.StartPosition())
	play := func(text string) *node {
		t.Helper()
		m, err := tr.cursor.pos.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		n, err := tr.add(tr.cursor, m)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	want := func(kind string) {
		t.Helper()
		d := tr.delta()
		if d == nil || d.Change != kind {
			t.Fatalf("delta %+v, want change %q", d, kind)
		}
	}
	want(treeReset)
	if d := tr.delta(); d != nil {
		t.Fatalf("a second delta without change: %+v", d)
	}
	c3 := play("c3-c4")
	want(treeAppend)
	play("f6-f5")
	want(treeAppend)
	score := 0.5
	c3.eval = &score
	tr.touch(c3)
	want(treeValues)
	tr.moveCursor(c3)
	e6 := play("e6-e5") // a variation
	want(treeEdit)
	tr.moveCursor(e6)
	play("d3-d4") // the variation goes on: not the main line's end
	want(treeEdit)
	tr.promote(e6)
	want(treeEdit)
	tr.moveCursor(tr.mainEnd)
	for range 2 { // two moves before the page is told
		p := tr.cursor.pos
		play(p.FormatMove(p.LegalMoves()[0]))
	}
	want(treeEdit)
	tr.remove(tr.mainEnd)
	want(treeEdit)
}
