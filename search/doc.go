// Package search finds the best move in a position: a principal-variation
// alpha-beta search with iterative deepening, aspiration windows and
// multi-PV, on several threads sharing one transposition table (Lazy SMP),
// with move ordering, time management, and a static evaluation whose
// weights are data (Weights) and whose counts can be read out (Features)
// for tuning. Callers make a Searcher, with an Evaluator of their choice,
// and search a game's current position with it.
package search
