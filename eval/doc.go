// Package eval is the engine's static evaluation, defined once: the
// features of a position, the index of each feature's weights, and the
// evaluation as a sparse linear model over them, tapered by phase between
// a middlegame and an endgame weight per feature.
//
// A position's features (AppendFeatures) are, from the side to move's
// view: the hand-chosen terms (material, advancement, mobility and so on;
// Term), the contents of every 2×2 block of the board (pieces of either
// colour, a table per pair of ranks), the squares of the kings (left–right
// mirrored), and the contents of every pattern of 4 files × 3 ranks (men
// only, a base-3 index into one of a few tables of 3^12 values, the
// left–right mirror sharing values). The evaluation is
//
//	Taper(Σ Weights.MG[f.Index]·f.Count, Σ Weights.EG[f.Index]·f.Count, Phase(p))
//
// over those features, exactly, whatever the weights: a trainer fits float
// weights over the same indices and rounds them to int16.
//
// An Evaluator holds a set of weights in the layout the search reads; a
// State holds a position's pattern readings, rank by rank, updated as
// moves are made so that they are not read again from the board; a Stack,
// one per search thread, holds the States of a search path (Reset at the
// root, Push after a move), brings them up to date lazily and scores the
// path's positions and leaves from them.
// The weights are data: a file format (format.go) with the engine's
// weights embedded as the default.
package eval
