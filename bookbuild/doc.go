// Package bookbuild makes opening books for package book: from game records
// (GameStats: the moves played in the first plies of enough games, kept
// when they scored well enough, joined with a book by search if one is
// given) and by search (DropOut: drop-out expansion from the start
// position, scoring the leaves with an Evaluator such as SearchEvaluator,
// which runs the engine's search). A drop-out build goes in rounds whose
// course depends only on its settings and leaf scores, so it can be shared
// out among shards (PlanShard, SearchLeaves, shard files) and merged (Merge)
// into the book one process would make. It imports book, search and pdn,
// so the engine's runtime, which needs only book, stays free of them; only
// cmd/dameo imports this package.
package bookbuild
