// Tests of the built-in book: it loads, verifies, and every move is legal.

package book

import (
	"testing"

	"github.com/dameo/dameo/engine"
)

func TestBuiltin(t *testing.T) {
	b, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range b.Entries() {
		legal := e.Position.LegalMoves()
		for _, m := range e.Moves {
			found := false
			for _, l := range legal {
				found = found || l == m.Move
			}
			if !found {
				t.Errorf("%v: book move %v-%v is not legal", e.Position.String(), m.Move.From, m.Move.To)
			}
		}
		if b.Lookup(&e.Position) == nil {
			t.Errorf("%v: not found by lookup", e.Position.String())
		}
	}
	b.Margin = 0
	if c, _ := Builtin(); c.Margin != DefaultMargin {
		t.Error("changing one Builtin's margin changed another's")
	}
	if b.Len() < 1000 {
		t.Errorf("built-in book has %d positions, want thousands", b.Len())
	}
	start := engine.StartPosition()
	if _, ok := b.Choose(&start, nil); !ok {
		t.Error("built-in book has no move for the start position")
	}
}
