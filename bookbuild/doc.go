// Package bookbuild makes opening books for package book: from game records
// (FromPDN: the positions of the first plies seen in enough games, moves
// weighted by their results) and by search (DropOut: drop-out expansion from
// the start position, scoring the leaves with an Evaluator such as
// SearchEvaluator, which runs the engine's search). It imports book, search
// and pdn, so the engine's runtime, which needs only book, stays free of
// them; only cmd/dameo imports this package.
package bookbuild
