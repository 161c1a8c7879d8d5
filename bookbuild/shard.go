// A drop-out build shared out among the shards of a cluster job: every
// shard replays the expansion from the leaf scores of the rounds before
// (read from their shard files), and searches its share of the leaves of
// the first round that lacks scores; the merge replays the whole expansion
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

// ShardRun is what a shard did: the round it searched (numbered from 1),
// or Complete when the leaf scores known already finish the book.
type ShardRun struct {
	Round    int
	Complete bool
	Leaves   int // the shard's share of the round's leaves
}

// Shard replays the expansion from the known leaf scores (those of earlier
// rounds) to the first round that needs leaves searched, and searches the
// index-th of count shares of them (1 ≤ index ≤ count): the leaves in the
// round's order whose position in it is index−1 modulo count. Leaves in own
// (the shard's scores of an interrupted run) are not searched again. Each
// new score is passed to found, from one goroutine at a time.
func (o DropOut) Shard(ctx context.Context, known, own []LeafScore, index, count int, found func(LeafScore) error) (ShardRun, error) {
	if err := o.check(); err != nil {
		return ShardRun{}, err
	}
	if count < 1 || index < 1 || index > count {
		return ShardRun{}, fmt.Errorf("shard %d/%d: want 1 ≤ I ≤ N", index, count)
	}
	_, run, r, err := replay(o, known)
	if err != nil || run.Complete {
		return run, err
	}
	done := map[uint64]bool{}
	for _, l := range own {
		done[l.Position.Key()] = true
	}
	var mine []engine.Position
	for i, q := range r.todo {
		if i%count == index-1 {
			mine = append(mine, q)
		}
	}
	run.Leaves = len(mine)
	var todo []engine.Position
	for _, q := range mine {
		if !done[q.Key()] {
			todo = append(todo, q)
		}
	}
	evals, err := o.evaluators()
	if err != nil {
		return run, err
	}
	n := len(mine) - len(todo)
	if o.Progress != nil {
		o.Progress(n, len(mine))
	}
	err = searchLeaves(ctx, todo, evals, func(q engine.Position, s int) error {
		n++
		if o.Progress != nil {
			o.Progress(n, len(mine))
		}
		return found(LeafScore{Position: q, Score: s})
	})
	return run, err
}

// Merge makes the book from the leaf scores of every round of a sharded
// build, searching nothing; a round whose scores are missing is an error.
func (o DropOut) Merge(scores []LeafScore) (*book.Book, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	t, run, r, err := replay(o, scores)
	if err != nil {
		return nil, err
	}
	if !run.Complete {
		return nil, fmt.Errorf("round %d lacks the scores of %d leaves (the first: %v): shards of that round are missing or unfinished", run.Round, len(r.todo), r.todo[0].String())
	}
	t.backUp()
	return t.toBook(o.Info)
}

// replay runs the expansion on the known scores up to the first round that
// needs a leaf searched, which it returns with the tree so far; run.Round
// is that round's number, run.Complete tells that no such round came.
func replay(o DropOut, known []LeafScore) (*dropTree, ShardRun, round, error) {
	t := newDropTree()
	for _, l := range known {
		key := l.Position.Key()
		if s, ok := t.leaves[key]; ok && s != l.Score {
			return nil, ShardRun{}, round{}, fmt.Errorf("position %v has two scores, %d and %d: the shards come from different builds", l.Position.String(), s, l.Score)
		}
		t.leaves[key] = l.Score
	}
	for n := 1; ; n++ {
		r, ok := t.nextRound(o)
		if !ok {
			return t, ShardRun{Round: n, Complete: true}, round{}, nil
		}
		if len(r.todo) > 0 {
			return t, ShardRun{Round: n}, r, nil
		}
		t.expand(r.batch)
	}
}
