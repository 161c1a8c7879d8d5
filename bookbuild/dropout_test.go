// Tests of the drop-out builder with a fast fake evaluator.

package bookbuild

import (
	"context"
	"errors"
	"math/bits"
	"reflect"
	"testing"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
)

// fakeEval scores a position by material and the advance of the men plus
// a little noise from its key: reproducible, fast, and varied enough that
// moves get different scores.
type fakeEval struct{ calls int }

func (f *fakeEval) Evaluate(ctx context.Context, p *engine.Position) (int, error) {
	f.calls++
	white := 100*bits.OnesCount64(uint64(p.Pieces(engine.White))) - 100*bits.OnesCount64(uint64(p.Pieces(engine.Black)))
	for s := range engine.Square(64) {
		if p.Men(engine.White)&(1<<s) != 0 {
			white += 5 * s.Rank()
		}
		if p.Men(engine.Black)&(1<<s) != 0 {
			white -= 5 * (7 - s.Rank())
		}
	}
	white += int(p.Key()%11) - 5
	if p.SideToMove() == engine.Black {
		white = -white
	}
	return white, ctx.Err()
}

func dropOut(n, workers, plyCost int) DropOut {
	return DropOut{Positions: n, Workers: workers, PlyCost: plyCost, Info: "test",
		NewEvaluator: func() (Evaluator, error) { return &fakeEval{}, nil }}
}

// checkBackedUp checks that b has every legal move of its positions, that
// a move into another book position scores minus that position's best, and
// that only the best moves and moves into the book may be chosen.
func checkBackedUp(t *testing.T, b *book.Book) {
	t.Helper()
	for _, e := range b.Entries() {
		if len(e.Moves) != e.Position.CountMoves() {
			t.Errorf("%v: %d of %d moves", e.Position.String(), len(e.Moves), e.Position.CountMoves())
		}
		for _, m := range e.Moves {
			q := e.Position.Play(m.Move)
			c := b.Lookup(&q)
			if m.Weight > 0 && c == nil && m.Score != e.Moves[0].Score {
				t.Errorf("%v %s: weight %d but neither the best nor into the book", e.Position.String(), e.Position.FormatMove(m.Move), m.Weight)
			}
			if c != nil && m.Score != -c.Moves[0].Score {
				t.Errorf("%v %s: score %d, want %d backed up from the book", e.Position.String(), e.Position.FormatMove(m.Move), m.Score, -c.Moves[0].Score)
			}
		}
	}
}

func TestDropOutBuild(t *testing.T) {
	b, err := dropOut(25, 2, 0).Build(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 25 {
		t.Fatalf("book has %d positions, want 25", b.Len())
	}
	start := engine.StartPosition()
	if b.Lookup(&start) == nil {
		t.Fatal("start position not in the book")
	}
	checkBackedUp(t, b)
}

func TestCheapestLeaves(t *testing.T) {
	// The start position's moves score 100, 90, 80, ...; the best one leads
	// to a book position whose moves score -100, -103, -106, ...
	start := engine.StartPosition()
	node := func(p engine.Position, score func(i int) int) *dropNode {
		var moves []book.Move
		var scores []int
		for i, m := range p.LegalMoves() {
			moves = append(moves, book.Move{Move: m})
			scores = append(scores, score(i))
		}
		return newDropNode(p, moves, scores)
	}
	root := node(start, func(i int) int { return 100 - 10*i })
	child := start.Play(root.moves[0])
	c := node(child, func(i int) int { return -100 - 3*i })
	tr := newDropTree()
	tr.addNode(root)
	tr.addNode(c)
	tr.backUp()
	if root.value != 100 || root.scores[0] != 100 || c.value != -100 {
		t.Fatalf("backed-up values %d, %d, %d; want 100, 100, -100", root.value, root.scores[0], c.value)
	}
	// With a ply cost of 5 the leaves cost: after the child's moves 10, 13,
	// 16, ...; after the start position's second move 15, third 25, ...
	want := []engine.Position{child.Play(c.moves[0]), child.Play(c.moves[1]), start.Play(root.moves[1]), child.Play(c.moves[2])}
	got := tr.cheapestLeaves(4, 5)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cheapest leaves:\n%v\nwant\n%v", got, want)
	}
}

func TestDropOutResume(t *testing.T) {
	ctx := context.Background()
	whole, err := dropOut(30, 1, 0).Build(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	half, err := dropOut(12, 1, 0).Build(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Through the file format, as a resumed build reads it.
	half, err = book.Decode(half.Encode())
	if err != nil {
		t.Fatal(err)
	}
	var evals []*fakeEval
	o := dropOut(30, 1, 0)
	o.NewEvaluator = func() (Evaluator, error) { e := &fakeEval{}; evals = append(evals, e); return e, nil }
	resumed, err := o.Build(ctx, half)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(resumed.Entries(), whole.Entries()) {
		t.Error("a build resumed at 12 positions differs from one built to 30 at once")
	}
	// The resumed build searched only the positions the first part lacked.
	var fresh []*fakeEval
	o.NewEvaluator = func() (Evaluator, error) { e := &fakeEval{}; fresh = append(fresh, e); return e, nil }
	if _, err := o.Build(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if evals[0].calls == 0 || evals[0].calls >= fresh[0].calls {
		t.Errorf("resumed build made %d searches, a fresh one %d", evals[0].calls, fresh[0].calls)
	}
}

func TestDropOutCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	o := dropOut(1000, 2, 0)
	o.Progress = func(done, total int) {
		if done >= 5 {
			cancel()
		}
	}
	b, err := o.Build(ctx, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if b == nil || b.Len() < 5 || b.Len() > 10 {
		t.Fatalf("cancelled build returned %v positions, want the 5 or so done", b.Len())
	}
	checkBackedUp(t, b)
}

func TestDropOutResumeMidRound(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	wholeEval := &fakeEval{}
	o := dropOut(20, 1, 0)
	o.NewEvaluator = func() (Evaluator, error) { return wholeEval, nil }
	whole, err := o.Build(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Cut short in the middle of a round: the book holds the rounds done,
	// Found the leaves of the round cut short.
	o = dropOut(20, 1, 0)
	var found []LeafScore
	o.Found = func(l LeafScore) error {
		found = append(found, l)
		if len(found) == 130 {
			cancel()
		}
		return nil
	}
	part, err := o.Build(ctx, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	inBook := 0
	for _, l := range found {
		for _, e := range part.Entries() {
			for _, m := range e.Moves {
				if q := e.Position.Play(m.Move); q == l.Position {
					inBook++
				}
			}
		}
	}
	if inBook == len(found) {
		t.Fatal("every leaf found is in the book: the build was not cut in a round")
	}
	part, err = book.Decode(part.Encode())
	if err != nil {
		t.Fatal(err)
	}
	var calls []*fakeEval
	o = dropOut(20, 1, 0)
	o.Known = found
	o.NewEvaluator = func() (Evaluator, error) { e := &fakeEval{}; calls = append(calls, e); return e, nil }
	resumed, err := o.Build(context.Background(), part)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(resumed.Entries(), whole.Entries()) {
		t.Error("a build resumed in the middle of a round differs from one built at once")
	}
	// Nothing was searched twice.
	if calls[0].calls+len(found) != wholeEval.calls {
		t.Errorf("resumed build searched %d leaves after %d known, the build at once %d", calls[0].calls, len(found), wholeEval.calls)
	}
}
