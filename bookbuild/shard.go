// A drop-out build shared out among the shards of a cluster job: every
// shard replays the expansion from the leaf scores of the rounds before
// (read from their shard files, shardfile.go), and searches its share of
// the leaves of the first round that lacks scores; the merge replays the whole expansion
// from every shard's scores, searching nothing. As the course of the
// expansion depends only on the scores, the merged book is the book one
// process would build with the same settings.

package bookbuild

import (
	"context"
	"fmt"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
)

// LeafScore is a searched leaf: a position and its score for its side to
// move, in hundredths of a man.
type LeafScore struct {
	Position engine.Position
	Score    int
}

// ShardPlan is a shard's work: the round it searches (numbered from 1) and
// its share of the round's leaves, or Complete when the leaf scores known
// already finish the book.
type ShardPlan struct {
	Round    int
	Complete bool
	Leaves   []engine.Position
}

// PlanShard replays the expansion from the known leaf scores (those of
// earlier rounds) to the first round that needs leaves searched, and
// gives the index-th of count shares of them (1 ≤ index ≤ count): the
// leaves in the round's order whose place in it is index−1 modulo count.
func (o DropOut) PlanShard(known []LeafScore, index, count int) (ShardPlan, error) {
	if err := o.check(); err != nil {
		return ShardPlan{}, err
	}
	if count < 1 || index < 1 || index > count {
		return ShardPlan{}, fmt.Errorf("shard %d/%d: want 1 ≤ I ≤ N", index, count)
	}
	_, n, r, err := replay(o, known)
	if err != nil || r.todo == nil {
		return ShardPlan{Round: n, Complete: r.todo == nil}, err
	}
	plan := ShardPlan{Round: n}
	for i, q := range r.todo {
		if i%count == index-1 {
			plan.Leaves = append(plan.Leaves, q)
		}
	}
	return plan, nil
}

// Remaining are the plan's leaves without a score in done (the scores an
// interrupted run of the shard found).
func (p ShardPlan) Remaining(done []LeafScore) []engine.Position {
	have := map[uint64]bool{}
	for _, l := range done {
		have[l.Position.Key()] = true
	}
	var out []engine.Position
	for _, q := range p.Leaves {
		if !have[q.Key()] {
			out = append(out, q)
		}
	}
	return out
}

// SearchLeaves searches the leaves with o's workers, passing each score to
// found from one goroutine at a time, and o.Progress the number searched.
func (o DropOut) SearchLeaves(ctx context.Context, leaves []engine.Position, found func(LeafScore) error) error {
	if err := o.check(); err != nil {
		return err
	}
	evals, err := o.evaluators()
	if err != nil {
		return err
	}
	n := 0
	return searchLeaves(ctx, leaves, evals, func(q engine.Position, s int) error {
		n++
		if o.Progress != nil {
			o.Progress(n, len(leaves))
		}
		return found(LeafScore{Position: q, Score: s})
	})
}

// Merge makes the book from the leaf scores of every round of a sharded
// build, searching nothing; a round whose scores are missing is an error.
func (o DropOut) Merge(scores []LeafScore) (*book.Book, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	t, n, r, err := replay(o, scores)
	if err != nil {
		return nil, err
	}
	if r.todo != nil {
		return nil, fmt.Errorf("round %d lacks the scores of %d leaves (the first: %v): shards of that round are missing or unfinished", n, len(r.todo), r.todo[0].String())
	}
	t.backUp()
	return t.toBook(o.Info)
}

// replay runs the expansion on the known scores up to the first round that
// needs a leaf searched, which it returns with its number and the tree so
// far; when no such round comes, the round's todo is nil and its number is
// the one after the last.
func replay(o DropOut, known []LeafScore) (*dropTree, int, round, error) {
	t := newDropTree()
	for _, l := range known {
		key := l.Position.Key()
		if s, ok := t.leaves[key]; ok && s != l.Score {
			return nil, 0, round{}, fmt.Errorf("position %v has two scores, %d and %d: the shards come from different builds", l.Position.String(), s, l.Score)
		}
		t.leaves[key] = l.Score
	}
	for n := 1; ; n++ {
		r, ok := t.nextRound(o)
		if !ok {
			return t, n, round{}, nil
		}
		if len(r.todo) > 0 {
			return t, n, r, nil
		}
		t.expand(r.batch)
	}
}
