// Package search finds the best move in a position: a principal-variation
// alpha-beta search with iterative deepening, aspiration windows and
// multi-PV, on several threads sharing one transposition table (Lazy SMP),
// with move ordering and time management, scoring its leaves with the
// static evaluation of package eval. Each thread keeps one frame per ply
// of its path (frame.go) and an eval.Stack, the evaluation's states of the
// path's positions, kept up to date move by move. Callers make a
// Searcher, with an eval.Evaluator of their choice, and search a game's
// current position with it.
package search
