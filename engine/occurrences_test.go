// Tests of Occurrences against Game: the same repetition draw on a king
// shuffle, and counts that go back as moves are taken back.

package engine

import "testing"

func TestOccurrencesAgreeWithGame(t *testing.T) {
	start, err := ParsePosition("W7/8/8/8/8/8/8/7B w")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(start)
	var o Occurrences
	o.Enter(start)
	var line []Position
	for _, text := range []string{"a8-a7", "h1-h2", "a7-a8", "h2-h1", "a8-a7", "h1-h2", "a7-a8", "h2-h1"} {
		if _, err := g.PlayText(text); err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		n := o.Enter(p)
		line = append(line, p)
		if got, want := p.ResultAfter(n), g.Result(); got != want {
			t.Fatalf("after %s: ResultAfter(%d) = %v, Game.Result = %v", text, n, got, want)
		}
	}
	if g.Result() != Draw || o.Count(start) != DrawOccurrences {
		t.Fatalf("start occurs %d times, game %v; want a threefold draw", o.Count(start), g.Result())
	}
	o.Leave(line[len(line)-1])
	if o.Count(start) != 2 {
		t.Errorf("after leaving the last position, the start occurs %d times, want 2", o.Count(start))
	}
	if p := line[0]; o.Count(p) != 2 {
		t.Errorf("after a8-a7: %d occurrences, want 2", o.Count(p))
	}
}
