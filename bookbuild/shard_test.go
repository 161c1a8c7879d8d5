// Tests of the sharded drop-out build: shards and merge against one process.

package bookbuild

import (
	"context"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/dameo/dameo/engine"
)

// countingEval is fakeEval counting its calls across workers.
type countingEval struct {
	fakeEval
	total *atomic.Int64
}

func (c *countingEval) Evaluate(ctx context.Context, p *engine.Position) (int, error) {
	c.total.Add(1)
	return c.fakeEval.Evaluate(ctx, p)
}

// shardedBuild runs the rounds of a build of o as count shards each, one
// round after another, and returns the scores of every round.
func shardedBuild(t *testing.T, o DropOut, count int) []LeafScore {
	t.Helper()
	var known []LeafScore
	for round := 1; ; round++ {
		var found []LeafScore
		complete := false
		for i := 1; i <= count; i++ {
			run, err := o.PlanShard(known, i, count)
			if err != nil {
				t.Fatal(err)
			}
			err = o.SearchLeaves(context.Background(), run.Leaves, func(l LeafScore) error {
				found = append(found, l)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if run.Complete {
				complete = true
				break
			}
			if run.Round != round {
				t.Fatalf("shard %d/%d searched round %d, want %d", i, count, run.Round, round)
			}
		}
		if complete {
			return known
		}
		known = append(known, found...)
	}
}

func TestShardedEqualsWhole(t *testing.T) {
	var wholeCalls, shardCalls atomic.Int64
	o := dropOut(40, 2, 0)
	o.Growth = 25
	o.NewEvaluator = func() (Evaluator, error) { return &countingEval{total: &wholeCalls}, nil }
	whole, err := o.Build(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	o.NewEvaluator = func() (Evaluator, error) { return &countingEval{total: &shardCalls}, nil }
	scores := shardedBuild(t, o, 3)
	merged, err := o.Merge(scores)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.Entries(), whole.Entries()) || merged.Info != whole.Info {
		t.Error("the merged shards' book differs from the book built at once")
	}
	if shardCalls.Load() != wholeCalls.Load() || int(shardCalls.Load()) != len(scores) {
		t.Errorf("shards searched %d leaves (%d scores), one process %d: want each leaf once", shardCalls.Load(), len(scores), wholeCalls.Load())
	}
	// Without the last round's scores, the merge says which round lacks them.
	if _, err := o.Merge(scores[:len(scores)-1]); err == nil || !strings.Contains(err.Error(), "round") {
		t.Errorf("merge of incomplete scores: error %v, want the round that lacks scores", err)
	}
}

func TestShardResume(t *testing.T) {
	o := dropOut(10, 1, 0)
	plan, err := o.PlanShard(nil, 1, 1)
	if err != nil || plan.Round != 1 || plan.Complete || len(plan.Leaves) == 0 {
		t.Fatalf("first round: %+v, %v", plan, err)
	}
	var first []LeafScore
	if err := o.SearchLeaves(context.Background(), plan.Leaves, func(l LeafScore) error { first = append(first, l); return nil }); err != nil {
		t.Fatal(err)
	}
	// With half its scores found, the rest of the shard is the other half.
	if rest := plan.Remaining(first[:len(first)/2]); !reflect.DeepEqual(rest, plan.Leaves[len(first)/2:]) {
		t.Errorf("remaining %d leaves, want the %d left", len(rest), len(first)-len(first)/2)
	}
	// The next round's plan follows from the first round's scores.
	next, err := o.PlanShard(first, 1, 1)
	if err != nil || next.Round != 2 {
		t.Errorf("after round 1: %+v, %v", next, err)
	}
	if _, err := o.PlanShard(nil, 2, 1); err == nil {
		t.Error("shard 2/1 accepted")
	}
}

func TestMergeConflictingScores(t *testing.T) {
	o := dropOut(3, 1, 0)
	scores := shardedBuild(t, o, 1)
	bad := append(scores, LeafScore{Position: scores[0].Position, Score: scores[0].Score + 1})
	if _, err := o.Merge(bad); err == nil || !strings.Contains(err.Error(), "two scores") {
		t.Errorf("two scores for one position: error %v", err)
	}
}
