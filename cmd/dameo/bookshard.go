// `dameo book build --from-search --shard I/N` (one shard's share of a
// round of a search build, into a shard file) and `dameo book merge` (the
// book of a sharded build from its shard files).

package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/dameo/dameo/bookbuild"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/match"
)

// searchBookInfo is the info text of a search build's book, the same for a
// book built in one process and for the merge of its shards.
func searchBookInfo(s bookbuild.SearchSettings) string {
	return fmt.Sprintf("dameo %s: book build --from-search %s", version, s)
}

// buildShard searches the shard's share of the next round's leaves into
// the shard file c.Output, a line per leaf, so that --resume continues it.
func (c *bookBuildCmd) buildShard(settings bookbuild.SearchSettings, o bookbuild.DropOut) error {
	shard, err := match.ParseShard(c.Shard)
	if err != nil {
		return usageError{fmt.Errorf("--shard: %v", err)}
	}
	set, err := bookbuild.ReadShards(c.Files, settings.String())
	if err == nil {
		err = set.CheckRoundsWhole()
	}
	if err != nil {
		return usageError{err}
	}
	if set.Count != 0 && set.Count != shard.Count {
		return usageError{fmt.Errorf("--shard %s: the shard files given are of %d shards", shard, set.Count)}
	}
	plan, err := o.PlanShard(set.Scores, shard.Index, shard.Count)
	if err != nil {
		return usageError{err}
	}
	if err := set.CheckBefore(plan.Round); err != nil {
		return usageError{err}
	}
	header := bookbuild.ShardHeader{Settings: settings.String(), Round: plan.Round, Complete: plan.Complete, Index: shard.Index, Count: shard.Count}
	out, done, err := openShardOutput(c.Output, header, c.Resume)
	if err != nil {
		return err
	}
	defer out.Close()
	if plan.Complete {
		fmt.Fprintf(os.Stderr, "%s: the book is complete with the %s given: nothing to search\n", c.Output, plural(len(c.Files), "shard file"))
		return out.Close()
	}
	todo := plan.Remaining(done)
	progress := startProgress(fmt.Sprintf("%s leaves", header), len(plan.Leaves)-len(todo), len(plan.Leaves))
	o.Progress = func(n, _ int) { progress.set(len(plan.Leaves) - len(todo) + n) }
	ctx, stop := untilSignal()
	defer stop()
	err = o.SearchLeaves(ctx, todo, func(l bookbuild.LeafScore) error { return bookbuild.WriteLeafScore(out, l) })
	progress.close()
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w: %s holds the leaves done; --resume continues", errInterrupted, c.Output)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", c.Output, err)
	}
	fmt.Fprintf(os.Stderr, "%s: %s: %d leaves searched at depth %d\n", c.Output, header, len(plan.Leaves), c.Depth)
	return nil
}

// openShardOutput opens the shard file path for the shard of header: with
// resume, an existing file of the same shard, cut after its last complete
// line, whose scores it returns; else (or when there is no file yet, so
// that a job can always resume) a new file with the header written.
func openShardOutput(path string, header bookbuild.ShardHeader, resume bool) (*os.File, []bookbuild.LeafScore, error) {
	var head bytes.Buffer
	if err := bookbuild.WriteShardHeader(&head, header); err != nil {
		return nil, nil, err
	}
	a := safefile.Append{Header: head.Bytes(), Replace: true}
	var scores []bookbuild.LeafScore
	if resume {
		a.Keep = func(f *os.File) (int64, error) {
			old, err := bookbuild.ReadShardFile(f)
			switch {
			case err != nil:
				return 0, fmt.Errorf("--resume: shard file %s: %v", path, err)
			case old.ShardHeader != header:
				return 0, fmt.Errorf("--resume: %s holds %s of settings %q, not %s of %q", path, old.ShardHeader, old.Settings, header, header.Settings)
			}
			scores = old.Scores
			return old.Length, nil
		}
	}
	f, err := safefile.CreateAppend(path, a)
	if err != nil {
		return nil, nil, usageError{err}
	}
	return f, scores, nil
}

type bookMergeCmd struct {
	Output string   `short:"o" required:"" help:"Book file to write." placeholder:"FILE"`
	Files  []string `arg:"" name:"SHARD" help:"The shard files of every round of the build (dameo book build --from-search --shard)."`
}

// Help is the detail of `dameo book merge --help`.
func (c *bookMergeCmd) Help() string {
	return "The shard files must all come from one build (the same settings and number of shards), every round whole, " +
		"no shard given twice. The merge searches nothing: it replays the build from the shards' scores, " +
		"so the book is the one `dameo book build --from-search` makes in one process with the same settings."
}

func (c *bookMergeCmd) Run() error {
	set, err := bookbuild.ReadShards(c.Files, "")
	if err == nil {
		err = set.CheckRoundsWhole()
	}
	if err != nil {
		return usageError{err}
	}
	settings, err := bookbuild.ParseSearchSettings(set.Settings)
	if err != nil {
		return usageError{fmt.Errorf("shard file %s: %v", c.Files[0], err)}
	}
	b, err := settings.DropOut(1, searchBookInfo(settings)).Merge(set.Scores)
	if err != nil {
		return usageError{err}
	}
	if err := b.Save(c.Output); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %s from %s of %s (%s)\n", c.Output, plural(b.Len(), "position"), plural(len(c.Files), "shard file"), plural(set.Rounds, "round"), settings)
	return nil
}
