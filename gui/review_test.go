// The whole-game review with the real `dameo hub`: the same game reviewed
// twice by the same engine process gets the same verdicts, which it would
// not if the engine kept the first review's hash table.

package gui

import (
	"encoding/json"
	"testing"
)

// TestReviewGivesTheSameVerdictsEveryTime reviews a short game twice on one
// page and compares each move's mark, verdict and score.
func TestReviewGivesTheSameVerdictsEveryTime(t *testing.T) {
	ts, _ := realServer(t)
	c := dial(t, ts)
	c.await("hello", any_)
	c.send(request{Type: reqOpen, Moves: []string{"c3-c4", "f6-f5", "d3-d4", "e6-e5", "b2-c3", "d7-e6"}})
	first := c.review(limit{Nodes: 20_000})
	second := c.review(limit{Nodes: 20_000})
	if len(first) != 6 {
		t.Fatalf("%d moves reviewed, want 6: %s", len(first), jsonOf(first))
	}
	for i := range first {
		if a, b := jsonOf(first[i]), jsonOf(second[i]); a != b {
			t.Errorf("move %d reviewed twice:\n%s\n%s", i+1, a, b)
		}
	}
}

// review runs a whole-game review to lim and returns the main line's
// moves as the page has them at its end.
func (c *client) review(lim limit) []nodeView {
	c.t.Helper()
	c.send(request{Type: reqReview, Limit: lim})
	tree := pageTree{}
	started := false
	for {
		_, data, err := c.conn.Read(c.ctx)
		if err != nil {
			c.t.Fatalf("waiting for the review: %v", err)
		}
		var st stateMsg
		if json.Unmarshal(data, &struct{ Type *string }{&st.Type}) != nil || st.Type != "state" {
			continue
		}
		if err := json.Unmarshal(data, &st); err != nil {
			c.t.Fatal(err)
		}
		tree.apply(st.Tree)
		if r := st.Review; r != nil && r.Running {
			started = true
		}
		if r := st.Review; started && r != nil && !r.Running {
			if r.Done != r.Total {
				c.t.Fatalf("review %+v ended before its last position", r)
			}
			return tree.mainLine()
		}
	}
}
